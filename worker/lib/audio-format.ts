import type { AudioFormat } from "../../schema/api/audio";

// Which audio format a file is, from its first bytes (issue 19): a name or a mime type says nothing about the bytes,
// so a renamed text file or program is refused. Only the formats StoryLoom accepts are recognised.

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** The format of these leading bytes (at least the first 64 of the file), or null when they are none of ours. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 12) return null;
  // WAV: "RIFF" size "WAVE"
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  // Ogg (Vorbis, Opus): "OggS" and stream version 0
  if (ascii(bytes, 0, "OggS") && bytes[4] === 0) return "ogg";
  // WebM: an EBML header whose DocType is "webm"
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64)));
    return head.includes("webm") ? "webm" : null;
  }
  // M4A: an ISO base media "ftyp" box of an audio brand
  if (ascii(bytes, 4, "ftyp")) {
    const brand = new TextDecoder("latin1").decode(bytes.subarray(8, 12));
    return ["M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "dash"].includes(brand) ? "m4a" : null;
  }
  // MP3: an ID3v2 tag, or an MPEG audio frame header (11 sync bits, layer III, a valid bit-rate and sample-rate index)
  if (ascii(bytes, 0, "ID3") && bytes[3]! >= 2 && bytes[3]! <= 4) return "mp3";
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) {
    const bitrate = bytes[2]! >> 4;
    const sampleRate = (bytes[2]! >> 2) & 0x03;
    if (bitrate !== 0 && bitrate !== 0x0f && sampleRate !== 0x03) return "mp3";
  }
  return null;
}

export const AUDIO_MIME: Record<AudioFormat, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  webm: "audio/webm",
};
