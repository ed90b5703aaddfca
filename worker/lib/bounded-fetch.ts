// One request to an outside JSON API, bounded: a timeout that covers reading the answer, redirects never followed,
// and a size cap enforced while the answer streams (a larger one is cancelled, not read). Used by the JIRA, Linear
// and Azure DevOps adapters, which add their own retries and error wording on top.

/** What one exchange came to. `text` is null for an answer that is not JSON (or a redirect) or is over the cap. */
export type Exchange =
  | { kind: "response"; status: number; headers: Headers; type: string; text: string | null; oversize: boolean }
  | { kind: "timeout" }
  | { kind: "network"; error: unknown };

export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads at most maxBytes of a JSON answer, stopping the stream as soon as it is over; other types are not read. */
async function readJson(response: Response, maxBytes: number): Promise<{ text: string | null; oversize: boolean }> {
  if (!JSON_TYPE.test(response.headers.get("Content-Type") ?? "")) {
    await response.body?.cancel().catch(() => undefined);
    return { text: null, oversize: false };
  }
  const declared = Number(response.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { text: null, oversize: true };
  }
  if (!response.body) return { text: "", oversize: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: null, oversize: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), oversize: false };
}

/** Sends `init` to `url` once, within `timeoutMs`, reading at most `maxBytes` of a JSON answer. Never throws. */
export async function boundedExchange(
  url: URL,
  init: RequestInit,
  { timeoutMs, maxBytes, system }: { timeoutMs: number; maxBytes: number; system: string },
): Promise<Exchange> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`${system} request timed out`)), timeoutMs);
  try {
    // Looked up per call: tests put a spy on globalThis.fetch.
    const response = await globalThis.fetch(url, { ...init, redirect: "manual", signal: controller.signal });
    const type = response.headers.get("Content-Type") ?? "";
    const base = { kind: "response", status: response.status, headers: response.headers, type } as const;
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { ...base, text: null, oversize: false };
    }
    return { ...base, ...(await readJson(response, maxBytes)) };
  } catch (error) {
    return controller.signal.aborted ? { kind: "timeout" } : { kind: "network", error };
  } finally {
    clearTimeout(timer);
  }
}

/** A wait of `ms` scaled down by up to half at random, so clients that failed together do not retry together. */
export function jitterWith(random: () => number): (ms: number) => number {
  return (ms) => Math.round(ms * (0.5 + 0.5 * Math.min(1, Math.max(0, random()))));
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
