import { describe, expect, it } from "vitest";
import { preferredWaitMs } from "./prefer";

describe("preferredWaitMs (RFC 7240's wait preference)", () => {
  it("reads the wait in seconds, alone or beside respond-async, quoted or not", () => {
    expect(preferredWaitMs("wait=3")).toBe(3000);
    expect(preferredWaitMs("respond-async, wait=0")).toBe(0);
    expect(preferredWaitMs('respond-async; wait="10"')).toBe(10_000);
  });

  it("is undefined without one, or with a value that is not a number of seconds", () => {
    expect(preferredWaitMs(undefined)).toBeUndefined();
    expect(preferredWaitMs("respond-async")).toBeUndefined();
    expect(preferredWaitMs("wait=soon")).toBeUndefined();
    expect(preferredWaitMs("nowait=3")).toBeUndefined();
  });
});
