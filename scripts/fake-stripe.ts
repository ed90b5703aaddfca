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
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { readBody, send } from "./fake-server.ts";

const { FakeStripe, FAKE_PRICES, FAKE_STRIPE_API_VERSION } = await import("../worker/test/stripe/fake-stripe.ts");
const { signedWebhook } = await import("../worker/test/stripe/webhook.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" }, "webhook-secret": { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_STRIPE_PORT ?? 12111);
const WEBHOOK_SECRET = args["webhook-secret"] ?? process.env.STRIPE_WEBHOOK_SECRET;

const fake = new FakeStripe();
const controls: Record<string, (subscriptionId: string) => void> = {
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

async function control(path: string, body: string): Promise<unknown> {
  if (path === "/__fake/webhook") return deliverWebhook(JSON.parse(body || "{}"));
  const [, name, subscriptionId] = /^\/__fake\/([\w-]+)\/([^/]+)$/.exec(path) ?? [];
  const run = name ? controls[name] : undefined;
  if (!run || !subscriptionId)
    throw new Error(
      `No control ${path}: POST /__fake/{${Object.keys(controls).join("|")}}/{subscriptionId} or /__fake/webhook`,
    );
  run(decodeURIComponent(subscriptionId));
  return fake.inspect(decodeURIComponent(subscriptionId));
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const body = await readBody(request);
  if (url.pathname.startsWith("/__fake/")) {
    try {
      send(response, 200, await control(url.pathname, body));
    } catch (error) {
      send(response, 400, { error: String(error) });
    }
    return;
  }
  try {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const answer = fake.handle({
      method: request.method ?? "GET",
      path: url.pathname,
      query: url.search.slice(1),
      body,
      headers,
    });
    console.log(`${request.method} ${url.pathname} ${answer.status}`);
    send(response, answer.status, answer.body, { "Request-Id": `req_fake${fake.calls.length}` });
  } catch (error) {
    // A contract breach or a request the emulator does not model: loud here, and no retries from the SDK.
    console.error(`${request.method} ${url.pathname} failed:`, error);
    send(response, 500, { error: { type: "api_error", message: String(error) } }, { "Stripe-Should-Retry": "false" });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(`Fake Stripe (API ${FAKE_STRIPE_API_VERSION}) on http://127.0.0.1:${PORT}`);
  console.log(
    `  prices: ${FAKE_PRICES.map((p) => `${p.id} (${p.unitAmount / 100} ${p.currency.toUpperCase()}/month)`).join(", ")}`,
  );
  console.log(`  webhooks: ${WEBHOOK_SECRET ? "signed with the given secret" : "off (no --webhook-secret)"}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
