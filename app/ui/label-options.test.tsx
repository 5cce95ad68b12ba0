import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { LabelOptions } from "./label-options.tsx";

it("writes one option a value, in the list's order, each with its label", () => {
  const html = renderToStaticMarkup(
    <select defaultValue="soon">
      <LabelOptions
        values={["soon", "available"] as const}
        labels={{ available: "Available", soon: "Available Soon" }}
      />
    </select>,
  );
  expect(html).toBe(
    '<select><option value="soon" selected="">Available Soon</option><option value="available">Available</option></select>',
  );
});
