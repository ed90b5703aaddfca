// One request to an outside API, bounded: a timeout that covers reading the answer, redirects never followed, and a
// size cap enforced while the answer streams (a larger one is cancelled, not read). lib/outbound-call.ts adds the
// waits and retries on top for the JIRA, Linear and Azure DevOps adapters; the GitHub adapter hands what boundedFetch
// read to Octokit.

/** What one bounded fetch came to: the answer's body read whole, left unread, or over the cap (and cancelled). */
export type BoundedFetch =
  | { kind: "response"; status: number; headers: Headers; body: Uint8Array | "unread" | "oversize" }
  | { kind: "timeout" }
  | { kind: "network"; error: unknown };

/** What one exchange came to. `text` is null for an answer that is not JSON (or a redirect) or is over the cap. */
export type Exchange =
  | { kind: "response"; status: number; headers: Headers; type: string; text: string | null; oversize: boolean }
  | { kind: "timeout" }
  | { kind: "network"; error: unknown };

export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads at most maxBytes of the body, stopping the stream as soon as it is over; null when it is over. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Sends `init` to `input` once, within `timeoutMs`, never following a redirect, and reads at most `maxBytes` of the
 * answer when `read` says to (an answer left unread is cancelled). Never throws.
 */
export async function boundedFetch(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  {
    timeoutMs,
    maxBytes,
    system,
    read,
  }: { timeoutMs: number; maxBytes: number; system: string; read: (response: Response) => boolean },
): Promise<BoundedFetch> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`${system} request timed out`)), timeoutMs);
  try {
    // Looked up per call: tests put a spy on globalThis.fetch.
    const response = await globalThis.fetch(input, { ...init, redirect: "manual", signal: controller.signal });
    const answer = { kind: "response", status: response.status, headers: response.headers } as const;
    if (!read(response)) {
      await response.body?.cancel().catch(() => undefined);
      return { ...answer, body: "unread" };
    }
    return { ...answer, body: (await readCapped(response, maxBytes)) ?? "oversize" };
  } catch (error) {
    return controller.signal.aborted ? { kind: "timeout" } : { kind: "network", error };
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `init` to `url` once, within `timeoutMs`, reading at most `maxBytes` of a JSON answer. Never throws. */
export async function boundedExchange(
  url: URL,
  init: RequestInit,
  { timeoutMs, maxBytes, system }: { timeoutMs: number; maxBytes: number; system: string },
): Promise<Exchange> {
  const result = await boundedFetch(url, init, {
    timeoutMs,
    maxBytes,
    system,
    // Only JSON is read, and never a redirect's body.
    read: (response) =>
      !(response.status >= 300 && response.status < 400) && JSON_TYPE.test(response.headers.get("Content-Type") ?? ""),
  });
  if (result.kind !== "response") return result;
  const { status, headers, body } = result;
  return {
    kind: "response",
    status,
    headers,
    type: headers.get("Content-Type") ?? "",
    text: body instanceof Uint8Array ? new TextDecoder().decode(body) : null,
    oversize: body === "oversize",
  };
}
