/**
 * The closed list of error codes and their HTTP statuses (architecture.md "Errors").
 * Every failed API response is `{ success: false, error, code, requestId, details? }`.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  plan_limit: 403,
  forbidden: 403,
  email_not_verified: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  /** Seconds to put in Retry-After (rate limits). */
  readonly retryAfter?: number;
  /** The outside system that failed ("openai", "email", "oauth:github"…), for the operator's log line. */
  readonly upstream?: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; retryAfter?: number; cause?: unknown; upstream?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.upstream = options.upstream;
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);
export const unauthenticated = () => new AppError("unauthenticated", "Not signed in");
export const forbidden = (message = "You do not have access to this resource") =>
  new AppError("forbidden", message);
export const rateLimited = (retryAfter: number, message = "Too many attempts. Please try again later.") =>
  new AppError("rate_limited", message, { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
