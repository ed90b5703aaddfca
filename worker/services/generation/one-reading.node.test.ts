import { describe, expect, it, vi } from "vitest";
import { createLocalGenerator } from "../../adapters/llm/local";
import type * as Reading from "../../reading";
import sso from "../../test/fixtures/transcripts/synthetic/sso-audit-refinement.txt?raw";
import { gateProduced, produceStories } from "./produce";

// Issue 40: one reading of the transcript per request. The embedded generator's reading is handed to the quality
// gate and the coverage report instead of each reading the meeting again. Every reading goes through
// worker/reading's `analyse`; this counts those of the whole transcript (the gate also reads a story's own few words,
// which are not the meeting).
const reads = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock("../../reading", async (importOriginal) => {
  const original = await importOriginal<typeof Reading>();
  return {
    ...original,
    analyse: (text: string) => {
      reads.texts.push(text);
      return original.analyse(text);
    },
  };
});

describe("an embedded generation", () => {
  it("reads the transcript once: the generator's reading is the gate's and the coverage report's", async () => {
    const generator = createLocalGenerator();
    reads.texts.length = 0;
    const produced = await produceStories(generator, { transcript: sso });
    const gated = await gateProduced(generator, produced, sso);
    expect(gated.stories.userStories.length).toBeGreaterThan(0);
    expect(gated.quality.coverage).toBeTruthy();
    expect(reads.texts.filter((text) => text === sso)).toHaveLength(1);
    // and the reading counted is the generator's own, handed on
    expect(produced.reading?.analysis.source).toBe(sso);
  });

  it("counts honestly: without the generator's reading the gate reads the meeting itself", async () => {
    const generator = createLocalGenerator();
    const produced = await produceStories(generator, { transcript: sso });
    reads.texts.length = 0;
    await gateProduced(generator, { ...produced, reading: undefined }, sso);
    expect(reads.texts.filter((text) => text === sso)).toHaveLength(1);
  });
});
