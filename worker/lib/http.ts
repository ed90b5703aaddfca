import { AppError } from "./errors";

/**
 * Outbound fetch with a timeout; never follows redirects silently to another host. `upstream` names the outside
 * system in the error (and so in the operator's log line) when it does not answer.
 */
export async function fetchWithTimeout(
  input: string | URL,
  init: RequestInit & { timeoutMs?: number } = {},
  upstream?: string,
): Promise<Response> {
  const { timeoutMs = 10_000, ...rest } = init;
  try {
    return await fetch(input, { redirect: "manual", ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (cause) {
    throw new AppError("upstream_error", "An outside service did not answer in time", { cause, upstream });
  }
}
