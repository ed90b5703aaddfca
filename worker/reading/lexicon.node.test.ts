import { describe, expect, it } from "vitest";
import * as lexicon from "./lexicon";
import source from "./lexicon.ts?raw";

// Issue 40's rules as data: one lexicon for the generator, the gate and coverage, each word set with its meaning.

describe("the lexicon", () => {
  it("gives every exported word set a line of meaning just above it", () => {
    const exported = [...source.matchAll(/(\*\/\n)?export const (\w+)/g)];
    expect(exported.length).toBeGreaterThan(40);
    expect(exported.filter((m) => !m[1]).map((m) => m[2])).toEqual([]);
  });

  it("holds words, lower case and trimmed, none empty", () => {
    for (const [name, value] of Object.entries(lexicon)) {
      if (!(value instanceof Set)) continue;
      expect(value.size, name).toBeGreaterThan(0);
      for (const word of value as Set<unknown>) {
        expect(
          typeof word === "string" && word === word.trim().toLowerCase() && word !== "",
          `${name}: ${String(word)}`,
        ).toBe(true);
      }
    }
  });
});
