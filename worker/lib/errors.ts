import { ERROR_STATUS, type ErrorCode } from "../../schema/api/errors";

// The closed list of codes and their statuses is shared with the SPA (schema/api/errors.ts). Every failed API
// response is `{ success: false, error, code, requestId, details? }` (ApiErrorBody in schema/api/error-body.ts).
export { ERROR_STATUS, type ErrorCode };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  /** Seconds to put in Retry-After (rate limits). */
  readonly retryAfter?: number;
  /** The outside system that failed ("openai", "email", "oauth:github"…), for the operator's log line. */
  readonly upstream?: string;
  /** Another attempt may succeed (a timeout, a busy or failing upstream): durable jobs retry it with backoff. */
  readonly retryable: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      details?: Record<string, unknown>;
      retryAfter?: number;
      cause?: unknown;
      upstream?: string;
      retryable?: boolean;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.upstream = options.upstream;
    this.retryable = options.retryable ?? false;
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);
export const unauthenticated = () => new AppError("unauthenticated", "Not signed in");
export const forbidden = (message = "You do not have access to this resource") => new AppError("forbidden", message);
export const rateLimited = (retryAfter: number, message = "Too many attempts. Please try again later.") =>
  new AppError("rate_limited", message, { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
