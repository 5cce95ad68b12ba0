/**
 * A stand-in for the LINE Messaging API's push endpoint on 127.0.0.1: it records each push and
 * answers as LINE does (200 `{}`; 409 for a retry key it accepted already; 401 without the
 * token; the status a test sets, to see retries).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LinePush {
  path: string;
  authorization: string;
  retryKey: string;
  body: { to: string; messages: { type: string; text: string }[] };
}

export interface FakeLine {
  apiUrl: string;
  /** Each push LINE took. */
  pushes: LinePush[];
  /** Answer with this status (e.g. 500, 429) until set back to 200. */
  status: number;
  /** Take the next push, then drop the connection without answering (a lost answer). */
  loseNextAnswer: boolean;
  close(): Promise<void>;
}

export async function startFakeLine(token: string): Promise<FakeLine> {
  const accepted = new Set<string>();
  const fake: FakeLine = {
    apiUrl: "",
    pushes: [],
    status: 200,
    loseNextAnswer: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(json));
      };
      if (req.method !== "POST" || req.url !== "/v2/bot/message/push")
        return answer(404, { message: "Not found" });
      if (req.headers.authorization !== `Bearer ${token}`)
        return answer(401, { message: "Authentication failed" });
      if (fake.status !== 200)
        return answer(
          fake.status,
          { message: fake.status === 429 ? "Too Many Requests" : "Internal error" },
          fake.status === 429 ? { "retry-after": "120" } : {},
        );
      const retryKey = String(req.headers["x-line-retry-key"] ?? "");
      if (retryKey && accepted.has(retryKey))
        return answer(409, { message: "The retry key is already accepted" });
      accepted.add(retryKey);
      fake.pushes.push({
        path: req.url,
        authorization: req.headers.authorization,
        retryKey,
        body: JSON.parse(body),
      });
      if (fake.loseNextAnswer) {
        fake.loseNextAnswer = false;
        req.socket.destroy();
        return;
      }
      answer(200, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
