import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { listen } from "./listen.ts";

/** Node's own idle keep-alive timeout, which the site's server must outlast. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

describe("the HTTP server", () => {
  it("keeps an idle keep-alive connection open past Node's 5 s, so a late second request is answered", async () => {
    const app = express();
    app.get("/ping", (_req, res) => {
      res.send("pong");
    });
    const server = listen(app, 0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let closed = false;
    socket.on("data", (chunk) => {
      received += String(chunk);
    });
    socket.on("close", () => {
      closed = true;
    });
    const answers = () => received.split("HTTP/1.1 200").length - 1;
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      await once(socket, "connect");
      const request = "GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
      socket.write(request);
      await until(() => answers() === 1);
      expect(received).toMatch(/Keep-Alive: timeout=65/);
      // Idle for longer than Node's default, which would have closed the connection by now.
      await new Promise((resolve) => setTimeout(resolve, NODE_DEFAULT_KEEP_ALIVE_MS + 700));
      expect(closed).toBe(false);
      socket.write(request);
      await until(() => answers() === 2 || closed);
      expect(answers()).toBe(2);
    } finally {
      socket.destroy();
      server.closeAllConnections();
      server.close();
    }
  }, 15_000);
});
