import type { AudioFormat } from "../../../schema/api/audio";

/** Turns a recording into text: OpenAI's transcription API (or a compatible server), or Workers AI Whisper. */
export interface Transcriber {
  readonly name: string;
  transcribe(input: { audio: Uint8Array; format: AudioFormat; fileName: string }): Promise<string>;
}
