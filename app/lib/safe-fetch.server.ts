import { ADDRCONFIG } from "node:dns";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, connect as netConnect, type Socket } from "node:net";
import { Readable } from "node:stream";
import { connect as tlsConnect } from "node:tls";
import ipaddr from "ipaddr.js";

/**
 * Fetches an address someone typed (a calendar feed an admin added) without letting it reach
 * this machine or the network it sits in (decision 093). Only http(s), on ports 80 and 443; the
 * host is resolved once, every address it has must be public, and the connection is made to
 * that checked address (the Host header and the TLS server name stay the host's), so a second
 * DNS answer cannot point it elsewhere. Redirects are followed by hand, each hop checked the
 * same way, at most `maxRedirects` of them. `allowHosts` names the `host:port` pairs exempt from
 * these checks (a test server on 127.0.0.1, an intranet calendar).
 */

export const SAFE_FETCH_PORTS: readonly number[] = [80, 443];
export const SAFE_FETCH_MAX_REDIRECTS = 3;

export type SafeFetchReason = "scheme" | "port" | "address" | "dns" | "redirect" | "network";

/** Why a fetch was refused or failed; the message is for the server's log, not for a visitor. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "SafeFetchError";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (the system resolver by default). */
export type Resolve = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface ConnectTarget {
  /** The checked address the connection goes to. */
  address: string;
  family: 4 | 6;
  port: number;
  /** The host as written in the address: the TLS server name when it is not an IP. */
  hostname: string;
  tls: boolean;
}

/** Opens the connection to a checked address (net or tls by default). */
export type Connect = (target: ConnectTarget) => Socket;

export interface SafeFetchOptions {
  /** `host:port` pairs fetched from whatever their address and port (see `parseAllowHosts`). */
  allowHosts?: readonly string[];
  maxRedirects?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  resolve?: Resolve;
  connect?: Connect;
}

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, order: "verbatim", hints: ADDRCONFIG })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const systemConnect: Connect = ({ address, port, hostname, tls }) =>
  tls
    ? tlsConnect({
        host: address,
        port,
        // The certificate is checked against the host name; an IP host has no server name.
        servername: isIP(hostname) === 0 ? hostname : undefined,
        ALPNProtocols: ["http/1.1"],
      })
    : netConnect({ host: address, port });

/** IPv6 global unicast: every other IPv6 block is local, special or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
/** NAT64 for local use (RFC 8215): whatever it embeds, it is a network's own. */
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");

/**
 * The IPv4 address inside an IPv6 one that stands for it: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4
 * (2002:aabb:ccdd::).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const last = () => new ipaddr.IPv4(bytes.slice(12, 16));
  const range = address.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return last();
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === "rfc6052" && !address.match(LOCAL_NAT64)) return last();
  if (bytes.slice(0, 12).every((b) => b === 0)) return last();
  return null;
}

/**
 * Why an address may not be fetched from (its range: "loopback", "private", "linkLocal",
 * "carrierGradeNat", "uniqueLocal", "ipv4Mapped: private" ...), or null for a public one. Only
 * canonical addresses are read (as the URL parser and the resolver give them); anything else is
 * refused.
 */
export function refusedRange(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === "unspecified" || range === "loopback") return range;
  const inner = embeddedIPv4(v6);
  if (inner) {
    const innerRange = refusedRange(inner.toString());
    return innerRange && `${range === "unicast" ? "ipv4Compatible" : range}: ${innerRange}`;
  }
  if (range !== "unicast") return range;
  return v6.match(GLOBAL_UNICAST) ? null : "not global unicast";
}

/** A URL's port as a number, its scheme's default when none is written. */
function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The host of a URL without the brackets of an IPv6 address. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * `host:port` entries (CALENDAR_FEED_ALLOW_HOSTS: comma-separated) in the form addresses are
 * compared in: the host as the URL parser writes it (lower case, IPv6 in brackets, numeric IPv4
 * spellings made dotted), the port as a number. Throws on an entry without a port or host.
 */
export function parseAllowHosts(list: string | undefined): string[] {
  const entries = (list ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  return entries.map((entry) => {
    const match = /^(.+):(\d{1,5})$/.exec(entry);
    const port = Number(match?.[2]);
    if (!match?.[1] || port < 1 || port > 65535 || /[/?#@\s]/.test(match[1])) {
      throw new Error(`"${entry}" is not host:port`);
    }
    let hostname: string;
    try {
      hostname = new URL(`http://${match[1]}`).hostname;
    } catch {
      throw new Error(`"${entry}" is not host:port`);
    }
    return `${hostname}:${port}`;
  });
}

/** The address to connect to for a URL, after every check; throws a SafeFetchError if refused. */
async function checkedTarget(
  url: URL,
  allowHosts: ReadonlySet<string>,
  resolve: Resolve,
  signal: AbortSignal | undefined,
): Promise<ConnectTarget> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("scheme", `refused: ${url.protocol} is not http(s)`);
  }
  if (url.username || url.password) {
    throw new SafeFetchError("scheme", "refused: an address with a user name or password");
  }
  const port = portOf(url);
  const hostname = bareHost(url);
  const allowed = allowHosts.has(`${url.hostname}:${port}`);
  const family = isIP(hostname);
  const range = allowed || family === 0 ? null : refusedRange(hostname);
  if (range) throw new SafeFetchError("address", `refused: ${url.host} is ${range}`);
  if (!allowed && !SAFE_FETCH_PORTS.includes(port)) {
    throw new SafeFetchError("port", `refused: port ${port} of ${url.host} is not allowed`);
  }
  const tls = url.protocol === "https:";
  if (family !== 0) return { address: hostname, family: family === 6 ? 6 : 4, port, hostname, tls };
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await abortable(resolve(hostname), signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SafeFetchError("dns", `${url.hostname} could not be resolved`, { cause: error });
  }
  const first = addresses[0];
  if (!first) throw new SafeFetchError("dns", `${url.hostname} has no address`);
  if (!allowed) {
    // Every address must be public: a host answering one public and one private address is
    // refused, whichever of them would be used.
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) {
        throw new SafeFetchError(
          "address",
          `refused: ${url.hostname} resolves to ${address}, ${range}`,
        );
      }
    }
  }
  return { address: first.address, family: first.family, port, hostname, tls };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** One GET over a connection to the checked target; resolves with the answer's head. */
function requestOnce(
  url: URL,
  target: ConnectTarget,
  options: SafeFetchOptions,
  connect: Connect,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (target.tls ? https : http).request({
      protocol: url.protocol,
      host: target.hostname,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: { ...options.headers, host: url.host },
      signal: options.signal,
      // No agent, no pool: each request opens its own connection to the address just checked.
      createConnection: () => connect(target),
    });
    request.once("response", resolve);
    request.once("error", (error) =>
      reject(
        options.signal?.aborted
          ? error
          : new SafeFetchError("network", `${url.host}: ${errorCode(error)}`, { cause: error }),
      ),
    );
    request.end();
  });
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);

/**
 * GETs `address` under the checks above and returns the final answer as a fetch Response (any
 * status, its body a stream to read or cancel). A refusal, a broken connection or too many
 * redirects throws a SafeFetchError; the signal aborting throws its reason.
 */
export async function safeFetch(
  address: string,
  options: SafeFetchOptions = {},
): Promise<Response> {
  const allowHosts = new Set(options.allowHosts ?? []);
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  const resolve = options.resolve ?? systemResolve;
  const connect = options.connect ?? systemConnect;
  let url: URL;
  try {
    url = new URL(address);
  } catch (error) {
    throw new SafeFetchError("scheme", "refused: not an absolute URL", { cause: error });
  }
  for (let redirects = 0; ; redirects++) {
    const target = await checkedTarget(url, allowHosts, resolve, options.signal);
    const answer = await requestOnce(url, target, options, connect);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (REDIRECTS.has(status) && location) {
      answer.destroy();
      if (redirects >= maxRedirects) {
        throw new SafeFetchError("redirect", `refused: more than ${maxRedirects} redirects`);
      }
      try {
        url = new URL(location, url);
      } catch (error) {
        throw new SafeFetchError("redirect", `${url.host} redirects to an invalid address`, {
          cause: error,
        });
      }
      continue;
    }
    return toResponse(answer, status, options.signal);
  }
}

function toResponse(
  answer: http.IncomingMessage,
  status: number,
  signal: AbortSignal | undefined,
): Response {
  if (status < 200 || status > 599) {
    answer.destroy();
    throw new SafeFetchError("network", `answered with status ${status}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (NULL_BODY.has(status)) {
    answer.destroy();
    return new Response(null, { status, headers });
  }
  // The body stops with an error, not silently, when the time runs out while it streams.
  signal?.addEventListener("abort", () => answer.destroy(signal.reason as Error), { once: true });
  const body = Readable.toWeb(answer) as ReadableStream<Uint8Array>;
  return new Response(body, { status, statusText: answer.statusMessage, headers });
}
