// docs/product-spec.md §5: audio is recognised by mime type or by extension; everything else is read as plain text.
const AUDIO_EXTENSIONS = ["mp3", "wav", "m4a", "ogg", "webm"] as const;
const AUDIO_MIME_TYPES = new Set([
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/vnd.wave",
  "audio/mp4",
  "audio/m4a",
  "audio/x-m4a",
  "audio/aac",
  "audio/ogg",
  "audio/webm",
  "video/webm",
]);

export const TEXT_EXTENSIONS = ["txt", "md", "vtt", "srt"] as const;

/** The file picker's filter: the text formats plus the audio formats (audio is refused or sent on by tier). */
export const UPLOAD_ACCEPT = [
  ...TEXT_EXTENSIONS.map((e) => `.${e}`),
  "text/plain",
  "text/markdown",
  ...AUDIO_EXTENSIONS.map((e) => `.${e}`),
  ...AUDIO_MIME_TYPES,
].join(",");

function extension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function isAudioFile(file: Pick<File, "name" | "type">): boolean {
  return (
    AUDIO_MIME_TYPES.has(file.type.toLowerCase()) ||
    (AUDIO_EXTENSIONS as readonly string[]).includes(extension(file.name))
  );
}

/** 'sprint-review.final.md' → 'sprint-review.final' */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/** A file the generator reads as text: a text extension or a text type (a PDF or a Word file is neither). */
export function isTextFile(file: Pick<File, "name" | "type">): boolean {
  return (
    (TEXT_EXTENSIONS as readonly string[]).includes(extension(file.name)) || file.type.toLowerCase().startsWith("text/")
  );
}

/** Text read from a file that is not text after all (a NUL byte in its first few thousand characters). */
export function looksBinary(content: string): boolean {
  return content.slice(0, 4096).includes("\u0000");
}
