import { describe, expect, it } from "vitest";
import { pickEncoding } from "./content-encoding.ts";

const ours = ["br", "gzip", "identity"] as const;

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["", "identity"],
    [undefined, "identity"],
    ["*", "br"],
    ["gzip;q=0.2, *;q=0.1", "gzip"],
    ["deflate", "identity"],
    ["GZIP", "gzip"],
  ])("answers %j with %s", (header, expected) => {
    expect(pickEncoding(header, ours)).toBe(expected);
  });

  it("answers nothing when every form we have is refused", () => {
    expect(pickEncoding("identity;q=0", ["identity"])).toBeUndefined();
    expect(pickEncoding("*;q=0", ours)).toBeUndefined();
    expect(pickEncoding("*;q=0, identity", ours)).toBe("identity");
  });
});
