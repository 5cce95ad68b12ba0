import { describe, expect, it } from "vitest";
import { indexAfterSwipe, SWIPE_THRESHOLD_PX } from "./gallery.tsx";

describe("indexAfterSwipe", () => {
  it("ignores movements of 50 px or less", () => {
    expect(indexAfterSwipe(2, -SWIPE_THRESHOLD_PX, 5)).toBe(2);
    expect(indexAfterSwipe(2, SWIPE_THRESHOLD_PX, 5)).toBe(2);
    expect(indexAfterSwipe(2, 10, 5)).toBe(2);
  });
  it("moves one photo on a longer swipe: left for the next, right for the previous", () => {
    expect(indexAfterSwipe(2, -51, 5)).toBe(3);
    expect(indexAfterSwipe(2, 51, 5)).toBe(1);
    expect(indexAfterSwipe(2, -400, 5)).toBe(3);
  });
  it("stays within the first and the last photo", () => {
    expect(indexAfterSwipe(0, 200, 5)).toBe(0);
    expect(indexAfterSwipe(4, -200, 5)).toBe(4);
  });
});
