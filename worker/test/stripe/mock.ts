// Puts the emulator behind https://api.stripe.com for Worker tests: the Stripe SDK (and so the real billing adapter)
// runs unchanged, its fetches answered by a FakeStripe through mockOutbound.
import { onTestFinished } from "vitest";
import { mockOutbound, type RecordedRequest } from "../outbound";
import type { FakeStripe } from "./fake-stripe";

export { signedWebhook, type SignedWebhook } from "./webhook";

const STRIPE_API = "https://api.stripe.com/v1/";

/**
 * The running test's emulator. The SDK's fetch client keeps the `fetch` it found when it was made, and the adapter
 * keeps its client for the isolate, so a client made in an earlier test still calls that test's (restored) spy:
 * every spy answers from the current test's emulator, never from an old one.
 */
let current: { fake: FakeStripe; failures: unknown[] } | null = null;

function answer(request: RecordedRequest): Response {
  if (!current)
    throw new Error(`Stripe request outside a test that called mockStripe: ${request.method} ${request.url}`);
  const url = new URL(request.url);
  try {
    const { status, body } = current.fake.handle({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      body: request.body,
      headers: Object.fromEntries(request.headers),
    });
    return Response.json(body, { status, headers: { "Request-Id": `req_fake${current.fake.calls.length}` } });
  } catch (error) {
    current.failures.push(error);
    return Response.json(
      { error: { type: "api_error", message: String(error) } },
      { status: 500, headers: { "Stripe-Should-Retry": "false" } },
    );
  }
}

/**
 * Routes every request to Stripe's API into `fake` until the test ends. When the emulator throws (an answer that
 * would break the contract, a request it does not model), the SDK gets a 500 it does not retry, and the test fails
 * with the emulator's error when it ends, even if the code under test swallowed the 500.
 */
export function mockStripe(fake: FakeStripe) {
  const installed = { fake, failures: [] as unknown[] };
  current = installed;
  onTestFinished(() => {
    if (current === installed) current = null;
    if (installed.failures.length) throw installed.failures[0];
  });
  return mockOutbound({
    [`GET ${STRIPE_API}`]: answer,
    [`POST ${STRIPE_API}`]: answer,
    [`DELETE ${STRIPE_API}`]: answer,
  });
}
