import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit, DISCARD_BYTES } from "./body-limit.ts";

const FORM_LIMIT = 64 * 1024;

/**
 * Posts up to `total` bytes without a length (chunked), writing until the answer arrives; then
 * stops. Resolves with the status and how many bytes the client got to write before the answer.
 */
function postChunked(url: string, total: number): Promise<{ status: number; written: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const at = written;
      response.resume();
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, written: at });
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && !request.destroyed && written < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - written));
        written += part.length;
        if (!request.write(part)) return void request.once("drain", pump);
      }
      if (!answered && !request.destroyed) request.end();
    };
    pump();
  });
}

describe("the body guard", () => {
  /** What the route behind the guard received and how its reading ended. */
  const seen = { bytes: 0, outcome: "" };
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit());
    // A careless route: reads the body whole, without a bound, as React Router hands it over.
    app.post("/{*path}", async (req, res) => {
      seen.bytes = 0;
      const counted = createReadableStreamFromReadable(req).pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            seen.bytes += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      );
      try {
        const body = await new Response(counted).arrayBuffer();
        seen.outcome = `read ${body.byteLength}`;
        if (!res.headersSent) res.send("ok");
      } catch (error) {
        seen.outcome = (error as { code?: string }).code ?? "failed";
      }
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("refuses a chunked body past the path's limit while it arrives, whatever reads it", async () => {
    const answer = await postChunked(`${base}/newsletter`, 64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    // The route never held more than the limit, and its reading failed instead of ending.
    expect(seen.bytes).toBeLessThanOrEqual(FORM_LIMIT);
    expect(seen.outcome).toBe("BODY_TOO_LARGE");
    // The client was answered long before it sent everything; the server took at most the drain.
    expect(answer.written).toBeLessThan(DISCARD_BYTES);
  });

  it("takes a chunked body within the limit whole", async () => {
    const answer = await postChunked(`${base}/newsletter`, 48 * 1024);
    expect(answer.status).toBe(200);
    expect(seen.outcome).toBe(`read ${48 * 1024}`);
  });

  it("bounds each path by its own limit", async () => {
    // The property form takes 512 KB: 448 KB pass, a megabyte does not.
    expect((await postChunked(`${base}/admin/properties/1`, 448 * 1024)).status).toBe(200);
    const answer = await postChunked(`${base}/admin/properties/1`, 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(seen.bytes).toBeLessThanOrEqual(512 * 1024);
    expect(seen.bytes).toBeGreaterThan(FORM_LIMIT);
  });
});
