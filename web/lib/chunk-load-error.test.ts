import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-load-error";

describe("isChunkLoadError", () => {
  it("recognises a failed dynamic import in each browser", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://storyloom.app/assets/history-BtHvqve_.js",
      "error loading dynamically imported module: https://storyloom.app/assets/history-BtHvqve_.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/history-x.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it("leaves render errors and non-errors alone", () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
