/**
 * Local stand-ins for the outside services the outbox talks to: an SMTP server (smtp-server,
 * messages parsed with mailparser) and a fake Telegram Bot API, both on 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** What the server says to RCPT TO for an address: a reply code and text, or null to accept. */
export type RcptAnswer = (address: string) => { code: number; text: string } | null;

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Each accepted message as it came over the wire (for signature checks), with its envelope. */
  received: { raw: Buffer; mailFrom: string; rcptTo: string[]; helo: string }[];
  /** RCPT TO answers, set by a test (e.g. 550 for one address, 451 for another). */
  rcpt: RcptAnswer;
  /** Every RCPT TO tried, refused or not. */
  rcptTried: string[];
  close(): Promise<void>;
}

/** An SMTP server accepting every message; on `port`, or a free one when omitted. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const received: TestSmtp["received"] = [];
  const rcptTried: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcptTried.push(address.address);
      const answer = sink.rcpt(address.address);
      if (!answer) return callback();
      const error = Object.assign(new Error(answer.text), { responseCode: answer.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            messages.push(mail);
            received.push({
              raw,
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              helo: session.hostNameAppearsAs,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const sink: TestSmtp = {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    received,
    rcpt: () => null,
    rcptTried,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sink;
}

export interface HungSmtp {
  url: string;
  /** Connections it has accepted (and never answered). */
  connections: number;
  close(): Promise<void>;
}

/** A mail server that accepts connections and never says a word: not even its greeting. */
export async function startHungSmtp(): Promise<HungSmtp> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    hung.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  const hung: HungSmtp = {
    url: "",
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hung.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hung;
}

/** A port nothing listens on (now): taken from the system, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface FakeTelegram {
  apiUrl: string;
  /** Each sendMessage call: the path (with the bot token) and the JSON body. */
  calls: { path: string; body: { chat_id: string; text: string } }[];
  /** Answer the next calls with this status (e.g. 502) until set back to 200. */
  status: number;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const fake: FakeTelegram = {
    apiUrl: "",
    calls: [],
    status: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      if (fake.status !== 200) {
        res.writeHead(fake.status, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            fake.status === 429
              ? { ok: false, description: "Too Many Requests", parameters: { retry_after: 600 } }
              : { ok: false, description: "Bad Gateway" },
          ),
        );
        return;
      }
      fake.calls.push({ path: req.url ?? "", body: JSON.parse(body) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, result: { message_id: fake.calls.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
