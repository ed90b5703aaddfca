/**
 * The closed list of error codes and their HTTP statuses, shared by the Worker (worker/lib/errors.ts raises them) and
 * the SPA (web/lib/api.ts reads them): a client may branch on `code` knowing every value it can take.
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

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

// The shared error shape of every failed API call, ApiErrorBody, is in error-body.ts: it brings zod, which the SPA's
// first chunk (importing this file for its values) does without.
