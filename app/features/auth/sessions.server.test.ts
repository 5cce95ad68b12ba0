import { describe, expect, it } from "vitest";
import { readCookie } from "./sessions.server.ts";

const withCookie = (cookie: string) =>
  new Request("http://localhost/admin", { headers: { cookie } });

describe("readCookie", () => {
  it("reads a cookie among others", () => {
    expect(readCookie(withCookie("a=1; admin_session=abc-_9; b=2"), "admin_session")).toBe(
      "abc-_9",
    );
    expect(readCookie(withCookie("a=1"), "admin_session")).toBeNull();
  });

  it("treats a value that is not valid percent-encoding as no cookie", () => {
    expect(readCookie(withCookie("admin_session=%E0%A4%A"), "admin_session")).toBeNull();
    expect(readCookie(withCookie("admin_session=%"), "admin_session")).toBeNull();
  });
});
