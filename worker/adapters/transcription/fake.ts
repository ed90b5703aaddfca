import type { Transcriber } from "./index";

/** Tests: records what it was given, answers a fixed text, or fails on demand. */
export function createFakeTranscriber(
  options: { text?: string; failWith?: Error } = {},
): Transcriber & { calls: { audio: Uint8Array; format: string; fileName: string }[]; failWith?: Error } {
  const fake = {
    name: "fake",
    calls: [] as { audio: Uint8Array; format: string; fileName: string }[],
    failWith: options.failWith,
    async transcribe(input: { audio: Uint8Array; format: string; fileName: string }) {
      fake.calls.push(input);
      if (fake.failWith) throw fake.failWith;
      return options.text ?? "Nurses need to see the bed count for every ward.";
    },
  };
  return fake;
}
