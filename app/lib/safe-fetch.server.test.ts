import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect as netConnect, Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectTarget,
  parseAllowHosts,
  type ResolvedAddress,
  refusedRange,
  SafeFetchError,
  safeFetch,
} from "./safe-fetch.server.ts";

/**
 * Nothing here leaves this machine: addresses off it are given by a stub resolver, and the stub
 * connector either records that it was asked and refuses, or connects to the test's own server
 * on 127.0.0.1, which plays the public host.
 */

/** A documentation-free public address the stubs hand out; never connected to. */
const PUBLIC_V4 = "93.184.215.14";

let server: Server;
let port: number;
const seen: { path: string; host: string | undefined }[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok");

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", host: req.headers.host });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Stubs that record every use: `resolve` answers from `dns` (a list per call, the last one
 * repeated), `connect` goes to the local server for the addresses in `reachable` and records and
 * refuses any other.
 */
function network(dns: Record<string, ResolvedAddress[][]> = {}, reachable: string[] = []) {
  const lookups: string[] = [];
  const connections: ConnectTarget[] = [];
  return {
    lookups,
    connections,
    resolve: async (hostname: string) => {
      lookups.push(hostname);
      const answers = dns[hostname] ?? [];
      const calls = lookups.filter((h) => h === hostname).length;
      const found = answers[Math.min(calls, answers.length) - 1];
      if (!found)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return found;
    },
    connect: (target: ConnectTarget) => {
      connections.push(target);
      if (reachable.includes(target.address)) return netConnect({ host: "127.0.0.1", port });
      const socket = new Socket();
      process.nextTick(() => socket.destroy(new Error("the stub refuses")));
      return socket;
    },
  };
}
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => new Error("fetched"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("refusedRange", () => {
  it("names the range of every address that is not public", () => {
    const refused: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "linkLocal"],
      ["100.64.0.1", "carrierGradeNat"],
      ["100.127.255.255", "carrierGradeNat"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["0.0.0.0", "unspecified"],
      ["255.255.255.255", "broadcast"],
      ["240.0.0.1", "reserved"],
      ["192.0.2.1", "reserved"],
      ["198.18.0.1", "reserved"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fe80::1", "linkLocal"],
      ["fc00::1", "uniqueLocal"],
      ["fd00::1", "uniqueLocal"],
      ["ff02::1", "multicast"],
      ["::ffff:10.0.0.1", "ipv4Mapped: private"],
      ["::ffff:127.0.0.1", "ipv4Mapped: loopback"],
      ["::ffff:a9fe:a9fe", "ipv4Mapped: linkLocal"],
      ["::a00:1", "ipv4Compatible: private"],
      ["::ffff:0:a00:1", "rfc6145: private"],
      ["64:ff9b::a00:1", "rfc6052: private"],
      ["64:ff9b::7f00:1", "rfc6052: loopback"],
      ["2002:a00:1::1", "6to4: private"],
      ["2002:a9fe:a9fe::", "6to4: linkLocal"],
      ["2001::1", "teredo"],
      ["2001:db8::1", "reserved"],
      ["100::1", "discard"],
      ["64:ff9b:1::808:808", "rfc6052"],
      ["4000::1", "not global unicast"],
    ];
    for (const [address, range] of refused) expect(refusedRange(address), address).toBe(range);
  });

  it("lets public addresses through, including ones that embed a public IPv4", () => {
    for (const address of [
      PUBLIC_V4,
      "8.8.8.8",
      "172.32.0.1",
      "172.15.255.255",
      "100.128.0.1",
      "192.169.0.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001:830::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ]) {
      expect(refusedRange(address), address).toBeNull();
    }
  });

  it("refuses anything that is not a canonical address", () => {
    for (const text of ["2130706433", "0x7f000001", "127.1", "localhost", ""]) {
      expect(refusedRange(text), text).toBe("not an IP address");
    }
  });
});

describe("safeFetch", () => {
  it("refuses every non-public address, in any spelling, without looking up or connecting", async () => {
    const urls: [string, RegExp][] = [
      ["http://169.254.169.254/latest/meta-data/", /linkLocal/],
      ["http://10.0.0.1/", /private/],
      ["http://172.16.5.4/", /private/],
      ["http://192.168.0.1/", /private/],
      ["http://100.64.0.1/", /carrierGradeNat/],
      ["http://224.0.0.1/", /multicast/],
      ["http://0.0.0.0/", /unspecified/],
      ["http://0/", /unspecified/],
      ["http://255.255.255.255/", /broadcast/],
      ["http://127.0.0.1/", /loopback/],
      ["http://2130706433/", /127\.0\.0\.1 is loopback/],
      ["http://0x7f000001/", /127\.0\.0\.1 is loopback/],
      ["http://0177.0.0.1/", /127\.0\.0\.1 is loopback/],
      ["http://127.1/", /127\.0\.0\.1 is loopback/],
      ["http://0x0a.1/", /10\.0\.0\.1 is private/],
      ["http://3232235777/", /192\.168\.1\.1 is private/],
      ["https://0xA9FEA9FE/", /169\.254\.169\.254 is linkLocal/],
      ["http://[::1]/", /loopback/],
      ["http://[::]/", /unspecified/],
      ["http://[fe80::1]/", /linkLocal/],
      ["http://[fd00::1]/", /uniqueLocal/],
      ["http://[fc00::1]/", /uniqueLocal/],
      ["http://[ff02::1]/", /multicast/],
      ["http://[::ffff:10.0.0.1]/", /ipv4Mapped: private/],
      ["http://[::ffff:169.254.169.254]/", /ipv4Mapped: linkLocal/],
      ["http://[::ffff:127.0.0.1]/", /ipv4Mapped: loopback/],
      ["http://[::10.0.0.1]/", /ipv4Compatible: private/],
      ["http://[64:ff9b::10.0.0.1]/", /rfc6052: private/],
      ["http://[2002:c0a8:101::1]/", /6to4: private/],
    ];
    for (const [url, reason] of urls) {
      const net = network();
      const error = await refusal(safeFetch(url, net));
      expect(error.reason, url).toBe("address");
      expect(error.message, url).toMatch(reason);
      expect(net.lookups, url).toEqual([]);
      expect(net.connections, url).toEqual([]);
    }
  });

  it("refuses a host name that resolves to a private address, or to a private one among public ones", async () => {
    for (const answer of [
      [v4("10.1.2.3")],
      [v4("169.254.169.254")],
      [v6("fd12:3456::1")],
      [v6("::ffff:192.168.0.10")],
      [v4(PUBLIC_V4), v4("127.0.0.1")],
      [v6("2606:4700:4700::1111"), v6("::1")],
    ]) {
      const net = network({ "calendar.example": [answer] });
      const error = await refusal(safeFetch("https://calendar.example/a.ics", net));
      expect(error.reason).toBe("address");
      expect(error.message).toContain("calendar.example resolves to");
      expect(net.lookups).toEqual(["calendar.example"]);
      expect(net.connections).toEqual([]);
    }
  });

  it("connects to the very address it checked, with the host's name in the Host header", async () => {
    answer = (_req, res) => res.end("BEGIN:VCALENDAR");
    const net = network({ "calendar.example": [[v4(PUBLIC_V4)]] }, [PUBLIC_V4]);
    const before = seen.length;
    const response = await safeFetch("http://calendar.example/a.ics?s=1", net);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("BEGIN:VCALENDAR");
    expect(net.connections).toEqual([
      { address: PUBLIC_V4, family: 4, port: 80, hostname: "calendar.example", tls: false },
    ]);
    expect(seen.slice(before)).toEqual([{ path: "/a.ics?s=1", host: "calendar.example" }]);
    // An https address: the same checked address, TLS to the host's name.
    const secure = network({ "calendar.example": [[v4(PUBLIC_V4)]] });
    await refusal(safeFetch("https://calendar.example/a.ics", secure));
    expect(secure.connections).toEqual([
      { address: PUBLIC_V4, family: 4, port: 443, hostname: "calendar.example", tls: true },
    ]);
  });

  it("over https, the default connector opens TLS to the checked address, named for the host", async () => {
    // No certificate: the handshake stops after the server has read the name the client asked for.
    const names: string[] = [];
    const tlsServer = createTlsServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(new Error("no certificate here"), undefined);
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const tlsPort = (tlsServer.address() as AddressInfo).port;
    try {
      const lookups: string[] = [];
      const error = await refusal(
        safeFetch(`https://calendar.lan:${tlsPort}/a.ics`, {
          allowHosts: [`calendar.lan:${tlsPort}`],
          resolve: async (hostname) => {
            lookups.push(hostname);
            return [v4("127.0.0.1")];
          },
        }),
      );
      expect(error.reason).toBe("network");
      expect(lookups).toEqual(["calendar.lan"]);
      expect(names).toEqual(["calendar.lan"]);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });

  it("a second DNS answer (rebinding) cannot make it connect to a private address", async () => {
    // The host answers public first, then loopback; its page redirects to itself.
    answer = (req, res) => {
      if (req.url === "/start") {
        res.writeHead(302, { location: "/again" });
        res.end();
      } else res.end("secret of this machine");
    };
    const net = network({ "rebind.example": [[v4(PUBLIC_V4)], [v4("127.0.0.1")]] }, [
      PUBLIC_V4,
      "127.0.0.1",
    ]);
    const before = seen.length;
    const error = await refusal(safeFetch("http://rebind.example/start", net));
    expect(error.reason).toBe("address");
    expect(error.message).toContain("resolves to 127.0.0.1, loopback");
    expect(net.lookups).toEqual(["rebind.example", "rebind.example"]);
    expect(net.connections.map((c) => c.address)).toEqual([PUBLIC_V4]);
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/start"]);
  });

  it("follows a redirect to a refused address no further than the allowed server", async () => {
    const targets = [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
      "http://2130706433:80/",
      "http://metadata.internal/computeMetadata/v1/",
      "file:///etc/passwd",
      `http://127.0.0.1:${port + 1 === 65536 ? port - 1 : port + 1}/`,
    ];
    for (const location of targets) {
      answer = (_req, res) => {
        res.writeHead(307, { location });
        res.end();
      };
      const net = network({ "metadata.internal": [[v4("169.254.169.254")]] }, ["127.0.0.1"]);
      const error = await refusal(
        safeFetch(`http://127.0.0.1:${port}/feed.ics`, {
          ...net,
          allowHosts: [`127.0.0.1:${port}`],
        }),
      );
      expect(["address", "scheme", "port"], location).toContain(error.reason);
      expect(
        net.connections.map((c) => `${c.address}:${c.port}`),
        location,
      ).toEqual([`127.0.0.1:${port}`]);
    }
  });

  it("follows at most three redirects", async () => {
    answer = (req, res) => {
      const left = Number(req.url?.slice(1));
      if (left > 0) {
        res.writeHead(301, { location: `/${left - 1}` });
        res.end();
      } else res.end("arrived");
    };
    const options = { ...network({}, ["127.0.0.1"]), allowHosts: [`127.0.0.1:${port}`] };
    expect(await (await safeFetch(`http://127.0.0.1:${port}/3`, options)).text()).toBe("arrived");
    const before = seen.length;
    const error = await refusal(safeFetch(`http://127.0.0.1:${port}/4`, options));
    expect(error.reason).toBe("redirect");
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/4", "/3", "/2", "/1"]);
  });

  it("refuses ports other than 80 and 443 unless the host:port is allowed", async () => {
    for (const url of ["http://calendar.example:8080/a.ics", "https://calendar.example:8443/"]) {
      const net = network({ "calendar.example": [[v4(PUBLIC_V4)]] }, [PUBLIC_V4]);
      const error = await refusal(safeFetch(url, net));
      expect(error.reason).toBe("port");
      expect(net.lookups).toEqual([]);
      expect(net.connections).toEqual([]);
    }
    answer = (_req, res) => res.end("intranet");
    const net = network({ "calendar.example": [[v4(PUBLIC_V4)]] }, [PUBLIC_V4]);
    const allowed = { ...net, allowHosts: parseAllowHosts("Calendar.Example:8080") };
    const response = await safeFetch("http://calendar.example:8080/a.ics", allowed);
    expect(await response.text()).toBe("intranet");
    expect(net.connections.map((c) => c.port)).toEqual([8080]);
    // The allowance is for that port only.
    expect((await refusal(safeFetch("http://calendar.example:8081/", allowed))).reason).toBe(
      "port",
    );
  });

  it("an allowed host:port may be private; the same host on another port may not", async () => {
    answer = (_req, res) => res.end("intranet");
    const net = network({ "pms.lan": [[v4("10.0.0.7")]] }, ["10.0.0.7"]);
    const allowHosts = parseAllowHosts("pms.lan:443");
    const response = await safeFetch("https://pms.lan/calendar.ics", { ...net, allowHosts });
    expect(response.status).toBe(200);
    expect(net.connections.map((c) => c.address)).toEqual(["10.0.0.7"]);
    const error = await refusal(safeFetch("http://pms.lan/calendar.ics", { ...net, allowHosts }));
    expect(error.message).toContain("resolves to 10.0.0.7, private");
  });

  it("refuses other schemes and addresses with credentials", async () => {
    for (const url of [
      "ftp://calendar.example/a.ics",
      "file:///etc/passwd",
      "gopher://x/",
      "not a url",
    ]) {
      expect((await refusal(safeFetch(url, network()))).reason, url).toBe("scheme");
    }
    const error = await refusal(safeFetch("http://user:pw@calendar.example/", network()));
    expect(error.reason).toBe("scheme");
  });

  it("names the network cause for the log", async () => {
    const net = network({ "calendar.example": [[v4(PUBLIC_V4)]] });
    const refusedConnection = await refusal(safeFetch("http://calendar.example/", net));
    expect(refusedConnection.reason).toBe("network");
    expect(refusedConnection.message).toContain("calendar.example");
    const unknown = await refusal(safeFetch("http://nowhere.example/", network()));
    expect(unknown.reason).toBe("dns");
  });

  it("gives up a lookup that does not answer when the signal aborts", async () => {
    const signal = AbortSignal.timeout(50);
    const error = await safeFetch("http://slow.example/", {
      signal,
      resolve: () => new Promise(() => {}),
      connect: () => {
        throw new Error("no connection expected");
      },
    }).catch((e: unknown) => e);
    expect(signal.aborted).toBe(true);
    expect((error as Error).name).toBe("TimeoutError");
  });
});

describe("parseAllowHosts", () => {
  it("writes entries as the URL parser writes hosts", () => {
    expect(parseAllowHosts(" 127.0.0.1:8080 , Calendar.LAN:443,[::1]:9000,2130706433:80 ")).toEqual(
      ["127.0.0.1:8080", "calendar.lan:443", "[::1]:9000", "127.0.0.1:80"],
    );
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts("")).toEqual([]);
  });

  it("refuses an entry without a port, with a path or a scheme", () => {
    for (const entry of [
      "calendar.lan",
      "calendar.lan:0",
      "calendar.lan:70000",
      "http://x:80",
      "a/b:80",
      ":80",
    ]) {
      expect(() => parseAllowHosts(entry), entry).toThrow("is not host:port");
    }
  });
});
