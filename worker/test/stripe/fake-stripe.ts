// An in-memory Stripe that speaks Stripe's HTTP API (API 2026-10-28.endive) for what StoryLoom calls: customers,
// subscriptions created `default_incomplete` and paid through the latest invoice's confirmation secret, price changes,
// cancellation, paging, invoices and their PaymentIntents. Pure TypeScript, so the same emulator serves Worker tests
// (mock.ts) and `npm run dev` or the browser journeys (scripts/fake-stripe.ts).
//
// It never guesses: every answer is held to the published API description and throws if it would not match; a request
// with a parameter Stripe does not have is refused as Stripe refuses it; and a request Stripe would accept but the
// emulator does not model throws NotEmulatedError instead of answering something plausible.
import type Stripe from "stripe";
import { stripeApi, type Route } from "./api";
import { assertStripeShape, stripeOperation } from "./contract";
import { NotEmulatedError, StripeApiError } from "./errors";
import { decodeStripeForm, type FormObject } from "./form";
import { FAKE_STRIPE_API_VERSION, StripeLedger, type FakeProration, type FakeStripeEvent } from "./ledger";
import { errorBody, type FakePrice } from "./objects";
import { stripeRequestProblem } from "./request-contract";

export { NotEmulatedError } from "./errors";
export { FAKE_STRIPE_API_VERSION, type FakeProration, type FakeStripeEvent } from "./ledger";
export type { FakePrice } from "./objects";

/** StoryLoom's two paid plans, monthly in pounds (set STRIPE_PRICE_PRO / STRIPE_PRICE_ENTERPRISE to these ids). */
export const FAKE_PRICES: readonly FakePrice[] = [
  { id: "price_storyloom_pro", unitAmount: 2900, currency: "gbp", nickname: "Pro" },
  { id: "price_storyloom_enterprise", unitAmount: 9900, currency: "gbp", nickname: "Enterprise" },
];

export interface FakeStripeRequest {
  method: string;
  /** `/v1/subscriptions/sub_…`, without the query. */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  /** The form body as the SDK sends it. */
  body?: string;
  headers?: Record<string, string>;
}

export interface FakeStripeResponse {
  status: number;
  body: unknown;
}

export interface FakeStripeCall {
  method: string;
  path: string;
  /** Query and form parameters, decoded (`items[0][price]` → `{items: [{price}]}`); values are strings. */
  params: FormObject;
  idempotencyKey: string | null;
  status: number;
  /** Answered from an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface FakeStripeOptions {
  /** Milliseconds since the epoch (a test clock); Date.now by default. */
  now?: () => number;
  /** The prices that exist (FAKE_PRICES by default); the first is `seed`'s default. */
  prices?: readonly FakePrice[];
}

export class FakeStripe {
  readonly calls: FakeStripeCall[] = [];

  private readonly ledger: StripeLedger;
  private readonly routes: Route[];
  private readonly defaultPriceId: string;
  /** The first answer to each Idempotency-Key, and what was asked. */
  private readonly idempotent = new Map<string, { fingerprint: string; response: FakeStripeResponse }>();

  constructor(options: FakeStripeOptions = {}) {
    const prices = options.prices ?? FAKE_PRICES;
    this.ledger = new StripeLedger(options.now ?? Date.now, prices);
    this.routes = stripeApi(this.ledger);
    this.defaultPriceId = prices[0]!.id;
  }

  /** Every event Stripe would have sent, oldest first. */
  get events(): readonly FakeStripeEvent[] {
    return this.ledger.events;
  }

  get prorations(): readonly FakeProration[] {
    return this.ledger.prorations;
  }

  // ——— HTTP ———

  /** Answers one API request as Stripe would; throws if the answer would break the contract or is not emulated. */
  handle(request: FakeStripeRequest): FakeStripeResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const params = { ...decodeStripeForm(request.query ?? ""), ...decodeStripeForm(request.body ?? "") };
    const call: FakeStripeCall = {
      method,
      path: request.path,
      params,
      idempotencyKey: headers["idempotency-key"] ?? null,
      status: 0,
      replayed: false,
    };
    this.calls.push(call);
    const response = this.answer(call, headers);
    call.status = response.status;
    const known = stripeOperation(method, request.path);
    assertStripeShape(known ? { method, path: request.path, status: response.status } : "error", response.body);
    return response;
  }

  private answer(call: FakeStripeCall, headers: Record<string, string>): FakeStripeResponse {
    if (!/^Bearer \S+/.test(headers.authorization ?? "")) {
      return failure(
        new StripeApiError(401, { type: "invalid_request_error", message: "You did not provide an API key." }),
      );
    }
    const version = headers["stripe-version"];
    if (version && version !== FAKE_STRIPE_API_VERSION)
      throw new NotEmulatedError(`FakeStripe speaks ${FAKE_STRIPE_API_VERSION}, not ${version}`);
    const run = this.route(call.method, call.path);
    const problem = stripeRequestProblem(call.method, call.path, call.params);
    if (problem) {
      const code = problem.unknown ? "parameter_unknown" : problem.missing ? "parameter_missing" : undefined;
      return failure(
        new StripeApiError(400, {
          type: "invalid_request_error",
          param: problem.param,
          message: problem.message,
          ...(code ? { code } : {}),
        }),
      );
    }
    if (call.method !== "POST" || !call.idempotencyKey) return run(call.params);
    // Stripe keeps the first answer to a key and replays it; the same key with other parameters is an error.
    const fingerprint = `${call.path} ${JSON.stringify(call.params)}`;
    const earlier = this.idempotent.get(call.idempotencyKey);
    if (!earlier) {
      const response = run(call.params);
      this.idempotent.set(call.idempotencyKey, { fingerprint, response: structuredClone(response) });
      return response;
    }
    if (earlier.fingerprint !== fingerprint) {
      return failure(
        new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${call.idempotencyKey}' if you meant to execute a different request.`,
        }),
      );
    }
    call.replayed = true;
    return structuredClone(earlier.response);
  }

  private route(method: string, path: string): (params: FormObject) => FakeStripeResponse {
    for (const [verb, pattern, handler] of this.routes) {
      const match = verb === method ? pattern.exec(path) : null;
      if (!match) continue;
      const ids = match.slice(1).map(decodeURIComponent);
      return (params) => {
        try {
          return { status: 200, body: structuredClone(handler(ids, params)) };
        } catch (error) {
          if (error instanceof StripeApiError) return failure(error);
          throw error;
        }
      };
    }
    throw new NotEmulatedError(`FakeStripe does not emulate ${method} ${path}`);
  }

  // ——— test controls ———

  /** The customer confirms the payment (Payment Element): the invoice is paid and the subscription active. */
  pay(subscriptionId: string): void {
    const { subscription, invoice } = this.openInvoiceOf(subscriptionId, "pay");
    this.ledger.settle(subscription, invoice);
  }

  /** The card asks for 3-D Secure: the PaymentIntent requires action; the subscription stays as it is. */
  requireAction(subscriptionId: string): void {
    this.ledger.requireAction(this.openInvoiceOf(subscriptionId, "requireAction").invoice);
  }

  /**
   * The card is declined. An incomplete subscription's first payment fails (it stays incomplete); an active one
   * renews into a new period whose payment fails, so it is past_due. Until `pay`, `POST /v1/invoices/{id}/pay`
   * answers 402 card_error.
   */
  decline(subscriptionId: string): void {
    const subscription = this.known(subscriptionId, "decline");
    if (subscription.status === "active") this.ledger.renew(subscription);
    const { invoice } = this.openInvoiceOf(subscriptionId, "decline");
    this.ledger.decliningCustomers.add(String(invoice.customer));
    this.ledger.failPayment(subscription, invoice);
  }

  /** Nobody paid the first invoice in time (23 hours): incomplete_expired, its invoice void. */
  expire(subscriptionId: string): void {
    const { subscription, invoice } = this.openInvoiceOf(subscriptionId, "expire");
    if (subscription.status !== "incomplete")
      throw new Error(`expire: subscription ${subscriptionId} is ${subscription.status}, not incomplete`);
    this.ledger.expire(subscription, invoice);
  }

  /**
   * `count` paid, active subscriptions, each with its own customer, made directly rather than through requests (and
   * sending no events), so thousands take milliseconds. Returns their ids, oldest first.
   */
  seed(count: number, options: { priceId?: string; userId?: (index: number) => number } = {}): string[] {
    const price = this.ledger.price(options.priceId ?? this.defaultPriceId, "price");
    return this.ledger.quietly(() =>
      Array.from({ length: count }, (_, index) => {
        const metadata: Stripe.Metadata = options.userId ? { userId: String(options.userId(index)) } : {};
        const customer = this.ledger.addCustomer({ email: null, name: null, metadata });
        const subscription = this.ledger.addSubscription({
          customer,
          prices: [price],
          metadata,
          saveDefaultPaymentMethod: "on_subscription",
        });
        this.pay(subscription.id);
        return subscription.id;
      }),
    );
  }

  // ——— inspection ———

  /** A subscription as Stripe holds it now (latest_invoice expanded with its confirmation secret). */
  inspect(subscriptionId: string): Stripe.Subscription {
    return structuredClone(
      this.ledger.renderSubscription(this.known(subscriptionId, "inspect"), ["latest_invoice.confirmation_secret"]),
    );
  }

  /** The newest event, of `type` when given. */
  lastEvent(type?: string): FakeStripeEvent {
    const event = this.events.findLast((e) => !type || e.type === type);
    if (!event) throw new Error(`FakeStripe has sent no ${type ?? ""} event`);
    return event;
  }

  /** A new event of any type about a subscription (about its latest invoice for `invoice.*` types). */
  eventFor(type: string, subscriptionId: string): FakeStripeEvent {
    const subscription = this.known(subscriptionId, "eventFor");
    return this.ledger.emit(
      type,
      type.startsWith("invoice.") ? this.ledger.invoice(String(subscription.latest_invoice)) : subscription,
    );
  }

  /** The requests made to one path, e.g. `callsTo("GET", "/v1/subscriptions")` for the list calls. */
  callsTo(method: string, path: string): FakeStripeCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  private known(subscriptionId: string, control: string): Stripe.Subscription {
    const subscription = this.ledger.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`${control}: FakeStripe has no subscription ${subscriptionId}`);
    return subscription;
  }

  /** The invoice a control acts on: the subscription's latest, which must be open. */
  private openInvoiceOf(
    subscriptionId: string,
    control: string,
  ): { subscription: Stripe.Subscription; invoice: Stripe.Invoice } {
    const subscription = this.known(subscriptionId, control);
    const invoice = this.ledger.invoice(String(subscription.latest_invoice));
    if (invoice.status !== "open")
      throw new Error(
        `${control}: subscription ${subscriptionId} has no open invoice (${subscription.status}, invoice ${invoice.status})`,
      );
    return { subscription, invoice };
  }
}

function failure(error: StripeApiError): FakeStripeResponse {
  return { status: error.status, body: errorBody(error.error) };
}
