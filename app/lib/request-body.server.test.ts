import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  bodyLimitFor,
  bodyTooLargeError,
  parseId,
  readBody,
  readForm,
} from "./request-body.server.ts";

const URL_BASE = "http://localhost/newsletter";

/** The status and message a refused body is answered with. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await promise;
  } catch (thrown) {
    // `data()` throws a DataWithResponseInit; React Router turns it into the response.
    const value = thrown as { init?: { status?: number }; data?: { error?: string } };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, error: String(thrown.data) };
    return { status: value.init?.status ?? 0, error: value.data?.error ?? "" };
  }
  throw new Error("the body was accepted");
}

/** A body streamed in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(bytes: number, contentType: string): Request {
  let sent = 0;
  const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Request(URL_BASE, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

describe("readForm", () => {
  it("reads a URL-encoded or multipart form", async () => {
    const encoded = new Request(URL_BASE, {
      method: "POST",
      body: new URLSearchParams({ email: "anna@example.com" }),
    });
    expect((await readForm(encoded)).get("email")).toBe("anna@example.com");
    const multipart = new FormData();
    multipart.set("email", "boris@example.com");
    const request = new Request(URL_BASE, { method: "POST", body: multipart });
    expect((await readForm(request)).get("email")).toBe("boris@example.com");
  });

  it("answers 415 for a body that is not a form", async () => {
    for (const type of ["application/json", "text/plain", ""]) {
      const request = new Request(URL_BASE, {
        method: "POST",
        body: '{"email":"a@b.c"}',
        headers: type ? { "content-type": type } : {},
      });
      if (!type) request.headers.delete("content-type");
      expect(await refusal(readForm(request))).toEqual({
        status: 415,
        error: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
      });
    }
  });

  it("answers 400 for a broken multipart body", async () => {
    const request = new Request(URL_BASE, {
      method: "POST",
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(await refusal(readForm(request))).toEqual({
      status: 400,
      error: "The form could not be read.",
    });
  });

  it("answers 413 for a declared length past the limit, before reading", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(URL_BASE, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(BODY_LIMITS.form + 1),
      },
      duplex: "half",
    } as RequestInit);
    const answer = await refusal(readForm(request));
    expect(answer.status).toBe(413);
    expect(answer.error).toBe("The request is too large: at most 64 KB is accepted here.");
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body without a length as soon as it passes the limit", async () => {
    const request = streamed(50 * 1024 * 1024, "application/x-www-form-urlencoded");
    expect((await refusal(readForm(request))).status).toBe(413);
    // A body within the limit is read whole.
    const small = streamed(32 * 1024, "application/x-www-form-urlencoded");
    expect((await readForm(small)).get("a".repeat(32 * 1024))).toBe("");
  });

  it("answers 413 when the server's guard cuts the body off while it is read", async () => {
    // What server/body-limit.ts does to a body's stream once more bytes came than allowed.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a"));
        controller.error(bodyTooLargeError(BODY_LIMITS.form));
      },
    });
    const request = new Request(URL_BASE, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readForm(request))).toEqual({
      status: 413,
      error: "The request is too large: at most 64 KB is accepted here.",
    });
  });

  it("bounds a body no form is read from, too", async () => {
    expect((await refusal(readBody(streamed(1024 * 1024, "text/plain")))).status).toBe(413);
    expect((await readBody(streamed(16 * 1024, "text/plain"))).byteLength).toBe(16 * 1024);
  });

  it("takes the limit of the request's path", () => {
    expect(bodyLimitFor("/newsletter")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("/admin")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("/admin.data")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("/admin/properties/12")).toBe(BODY_LIMITS.adminForm);
    expect(bodyLimitFor("/admin/properties/new.data")).toBe(BODY_LIMITS.adminForm);
    expect(bodyLimitFor("/admin/uploads")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/owner/uploads")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/admin/owners/documents")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/owner/documents")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("/ru/owner/uploads")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/owner/repairs/1")).toBe(BODY_LIMITS.form);
  });
});

describe("parseId", () => {
  it("accepts database integers and nothing else", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2_147_483_647);
    for (const bad of ["0", "-1", "2147483648", "99999999999", "1e20", "1.5", " 1", "", "0x10"]) {
      expect(parseId(bad), bad).toBeNull();
    }
    expect(parseId(null)).toBeNull();
    expect(parseId(7)).toBeNull();
  });
});

describe("the one body reader", () => {
  const appDir = path.resolve(import.meta.dirname, "..");
  const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join("/"));

  it("is the only code that reads a request's body", () => {
    // request.text(), .formData(), .json(), .clone(), .body... each reads (or copies) the whole
    // body without a bound; routes and features go through readForm or readBody.
    const reading =
      /\b(?:request|req)\s*\.\s*(?:(?:text|json|formData|arrayBuffer|blob|bytes|clone)\s*\(|body\b)/;
    const readers = sources.filter((file) =>
      reading.test(readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(sources).toContain("routes/unit.tsx");
    expect(readers).toEqual(["lib/request-body.server.ts"]);
  });
});
