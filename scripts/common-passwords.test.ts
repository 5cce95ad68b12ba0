import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { COMMON_PASSWORDS_FILE, commonPasswordsJson } from "./common-passwords.ts";

it("made the committed common-password list", () => {
  expect(readFileSync(COMMON_PASSWORDS_FILE, "utf8")).toBe(commonPasswordsJson());
});
