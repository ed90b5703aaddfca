// `node scripts/fake-stripe.ts [--port 12111] [--webhook-secret whsec_…]`: the Stripe emulator of the Worker tests
// (worker/test/stripe) as an HTTP server, for `npm run dev` and the browser journeys. Point the Worker at it with
// STRIPE_API_BASE=http://127.0.0.1:12111 (honoured outside production only) and the prices in FAKE_PRICES.
//
// Test controls, beside Stripe's API:
//   POST /__fake/pay/{subscriptionId}              the customer pays: invoice paid, subscription active
//   POST /__fake/decline/{subscriptionId}          the card is declined: first payment failed, or renewal past_due
//   POST /__fake/require-action/{subscriptionId}   the card asks for 3-D Secure
//   POST /__fake/expire/{subscriptionId}           the first invoice went unpaid: incomplete_expired
//   POST /__fake/webhook {url, type, subscriptionId}   sends a Stripe-signed event of that type to the URL
// Each answers the subscription as Stripe now holds it (the webhook: the delivery's status and the event id).
import { parseArgs } from "node:util";
import { serveFake, type FakeRequest } from "./fake-server.ts";

const { FakeStripe, FAKE_PRICES, FAKE_STRIPE_API_VERSION } = await import("../worker/test/stripe/fake-stripe.ts");
const { signedWebhook } = await import("../worker/test/stripe/webhook.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" }, "webhook-secret": { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_STRIPE_PORT ?? 12111);
const WEBHOOK_SECRET = args["webhook-secret"] ?? process.env.STRIPE_WEBHOOK_SECRET;

const fake = new FakeStripe();
const subscriptionControls: Record<string, (subscriptionId: string) => void> = {
  pay: (id) => fake.pay(id),
  decline: (id) => fake.decline(id),
  "require-action": (id) => fake.requireAction(id),
  expire: (id) => fake.expire(id),
};

async function deliverWebhook(input: { url?: string; type?: string; subscriptionId?: string }) {
  if (!WEBHOOK_SECRET)
    throw new Error("Start the fake Stripe with --webhook-secret (or STRIPE_WEBHOOK_SECRET) to send webhooks");
  if (!input.url || !input.type || !input.subscriptionId)
    throw new Error("POST /__fake/webhook takes {url, type, subscriptionId}");
  const event = fake.eventFor(input.type, input.subscriptionId);
  const delivery = await signedWebhook(event, WEBHOOK_SECRET);
  const answer = await fetch(input.url, { method: "POST", headers: delivery.headers, body: delivery.body });
  return { eventId: event.id, status: answer.status, body: await answer.text() };
}

/** Every control, whatever its method: most name the subscription in their path. */
async function stripeControl({ path, body }: FakeRequest): Promise<unknown> {
  if (path === "/__fake/webhook") return deliverWebhook(JSON.parse(body || "{}"));
  const [, name, subscriptionId] = /^\/__fake\/([\w-]+)\/([^/]+)$/.exec(path) ?? [];
  const run = name ? subscriptionControls[name] : undefined;
  if (!run || !subscriptionId)
    throw new Error(
      `No control ${path}: POST /__fake/{${Object.keys(subscriptionControls).join("|")}}/{subscriptionId} or /__fake/webhook`,
    );
  run(decodeURIComponent(subscriptionId));
  return fake.inspect(decodeURIComponent(subscriptionId));
}

serveFake({
  port: PORT,
  unlistedControls: stripeControl,
  emulator: {
    answer: (request) => {
      const answer = fake.handle(request);
      return {
        kind: "json",
        status: answer.status,
        body: answer.body,
        headers: { "Request-Id": `req_fake${fake.calls.length}` },
      };
    },
    // Stripe-Should-Retry: false, so that the SDK does not retry it.
    failure: (error) => ({
      status: 500,
      body: { error: { type: "api_error", message: String(error) } },
      headers: { "Stripe-Should-Retry": "false" },
    }),
  },
  listening: () => {
    console.log(`Fake Stripe (API ${FAKE_STRIPE_API_VERSION}) on http://127.0.0.1:${PORT}`);
    console.log(
      `  prices: ${FAKE_PRICES.map((p) => `${p.id} (${p.unitAmount / 100} ${p.currency.toUpperCase()}/month)`).join(", ")}`,
    );
    console.log(`  webhooks: ${WEBHOOK_SECRET ? "signed with the given secret" : "off (no --webhook-secret)"}`);
  },
});
