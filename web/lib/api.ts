import type { ApiErrorBody } from "../../schema/api/error-body";
import { isErrorCode, type ErrorCode } from "../../schema/api/errors";

/**
 * A failed API call. `message` follows docs/product-spec.md (§7): '{status}: {response text}', or the status text when the
 * body is empty. Toasts show `serverMessage`: the `error` field of the JSON error body, else the raw text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;
  /** One of the closed list (schema/api/errors.ts); undefined when the answer carried none or an unknown one. */
  readonly code: ErrorCode | undefined;
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    const body = parseErrorBody(responseText);
    this.serverMessage = body?.error ?? (responseText || statusText);
    this.code = isErrorCode(body?.code) ? body.code : undefined;
    this.requestId = body?.requestId;
    this.details = body?.details;
  }
}

function parseErrorBody(text: string): Partial<ApiErrorBody> | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string") {
      return parsed as Partial<ApiErrorBody>;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return undefined;
}

/** The message a toast should show for a failed call, or the fallback when the server said nothing useful. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

/**
 * The id the Worker gave a failed call (every error body carries one), for a user to quote to support; else
 * undefined. Only an unexpected failure (5xx) shows it: an expected refusal (a limit, a wrong password, a missing
 * field) says what to do in its message, and an id there only adds noise.
 */
export function requestIdOf(error: unknown): string | undefined {
  return (error instanceof ApiError && error.status >= 500 && error.requestId) || undefined;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The one fetch wrapper. Cookies always go along (same origin). Writes always carry a JSON content type, even
 * without a body, because the Worker rejects state-changing requests that are not JSON (CSRF defence).
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: "application/json" };
  // `signal` cancels a request whose answer is no longer wanted (the editor's re-check after a newer edit).
  const init: RequestInit = { method, credentials: "same-origin", headers, signal };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    if (body !== undefined) init.body = JSON.stringify(body);
  }
  return parseResponse<T>(await fetch(path, init));
}

/** Multipart upload (audio). The browser sets the multipart boundary itself. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    body: form,
  });
  return parseResponse<T>(response);
}

async function parseResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A 200 that is not JSON (e.g. the SPA's index.html when no API is running) is not a usable answer.
    throw new ApiError(response.status, response.statusText, "Unexpected response from the server");
  }
}

export const api = {
  get: <T>(path: string) => apiRequest<T>("GET", path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>("POST", path, body, undefined, headers),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>("DELETE", path, body),
};
