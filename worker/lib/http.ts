import { AppError } from "./errors";

/** Outbound fetch with a timeout; never follows redirects silently to another host. */
export async function fetchWithTimeout(
  input: string | URL,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  const { timeoutMs = 10_000, ...rest } = init;
  try {
    return await fetch(input, { redirect: "manual", ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (cause) {
    throw new AppError("upstream_error", "An outside service did not answer in time", { cause });
  }
}
