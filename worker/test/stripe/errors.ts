import type { errorBody } from "./objects";

/** A Stripe error answer (4xx with Stripe's error body), thrown by the emulator's handlers. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly error: Parameters<typeof errorBody>[0];

  constructor(status: number, error: Parameters<typeof errorBody>[0]) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

/** A request Stripe would accept that the emulator does not model: the test (or dev server) fails loudly instead. */
export class NotEmulatedError extends Error {
  override name = "NotEmulatedError";
}

/** Stripe's 404 for an unknown id. */
export const missing = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });

export const CARD_DECLINED = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
} as const;
