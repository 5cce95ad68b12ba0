import { describe, expect, it } from "vitest";
import { htmlErrors } from "./html-validator.ts";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><main><h1>t</h1>${body}</main></body></html>`;

const rules = async (body: string) => (await htmlErrors(page(body))).map((e) => e.split(" ")[0]);

describe("the HTML validator's rules from the Nu Html Checker", () => {
  it("passes a valid page", async () => {
    expect(
      await rules(
        '<dl><dt>Rent</dt><dd>1</dd><dt>Deposit</dt><dd>2</dd></dl><dl><div><dt>a</dt><dt>b</dt><dd>c</dd></div></dl><a href="tel:+6676123456">call</a><label>Unit <select name="u" required><option value="">Choose</option><option value="1">A</option></select></label>',
      ),
    ).toEqual([]);
  });

  it("finds details before their term, and other elements in a list", async () => {
    expect(await rules("<dl><div><dd>180+</dd><dt>Units</dt></div></dl>")).toEqual([
      "nu-rules/dl-order",
      "nu-rules/dl-order",
    ]);
    expect(await rules("<dl><dd>1</dd><dt>a</dt></dl>")).toEqual(["nu-rules/dl-order"]);
    expect(await rules("<dl><dt>a</dt><div><dd>1</dd></div></dl>")).toContain("nu-rules/dl-order");
    expect(await rules("<dl><div><dt>a</dt><p>1</p></div></dl>")).toContain("nu-rules/dl-order");
  });

  it("finds a tel: link with spaces", async () => {
    expect(await rules('<a href="tel:+66 76 123 456">call</a>')).toEqual(["nu-rules/tel-link"]);
  });

  it("finds a required select without a placeholder option", async () => {
    expect(
      await rules(
        '<label>Unit <select name="u" required><option value="1">A</option></select></label>',
      ),
    ).toEqual(["nu-rules/required-select-placeholder"]);
  });

  it("keeps html-validate's own rules", async () => {
    expect(await rules('<p id="a"></p><p id="a"></p>')).toEqual(["no-dup-id"]);
  });
});
