import { expect, test, type Page } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth } from "./support";

// The subscription screen (docs/product-spec.md §2, §4). Each test registers its own account (the demo account is shared).

function planCard(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Plans" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, level: 3 }) });
}

test("without card payment: the plans, the note saying why nothing can be bought, and an admin-set plan", async ({
  page,
  baseURL,
}) => {
  // The journey below runs the Worker with Stripe configured against the fake Stripe; this screen is the one a
  // server without Stripe keys shows (payment-config answers configured: false, as `npm run dev` does).
  await page.route("**/api/subscription/payment-config", (route) =>
    route.fulfill({ json: { configured: false, publishableKey: null } }),
  );
  const createCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/create-subscription")) createCalls.push(request.url());
  });
  await registerFreshUser(page, baseURL!);
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "Subscription", level: 1 })).toBeVisible();

  const current = page.getByRole("region", { name: "Current Subscription" });
  await expect(current.getByText("Free", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText(/^(PRO|ENTERPRISE)/)).toHaveCount(0);

  await expect(page.getByText("Card payment is not configured here. Plans can be set by an admin.")).toBeVisible();
  for (const [name, price] of [
    ["Free", "£0"],
    ["Pro", "£29"],
    ["Enterprise", "£99"],
  ] as const) {
    await expect(planCard(page, name).getByText(price, { exact: true })).toBeVisible();
  }
  await expect(planCard(page, "Free").getByText("Current Plan", { exact: true })).toBeVisible();
  await expect(planCard(page, "Pro").getByText("Unlimited transcripts")).toBeVisible();
  await expect(planCard(page, "Enterprise").getByText("24/7 support")).toBeVisible();
  const upgrade = page.getByRole("button", { name: "Upgrade to Pro" });
  await expect(upgrade).toBeDisabled();
  await expect(upgrade).toHaveAccessibleDescription(
    "Card payment is not configured here. Plans can be set by an admin.",
  );
  await expect(page.getByRole("button", { name: "Upgrade to Enterprise" })).toBeDisabled();

  // The FAQ says what a downgrade or cancellation does to data.
  await page.getByText("What happens to my data if I cancel or downgrade?").click();
  await expect(page.getByText(/Nothing is deleted\./)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBoth(page, "subscription-not-configured");

  // A plan an admin set (the development route stands in for the admin screen): badge, Team link, no payment actions.
  const set = await page.request.post("/api/dev/subscription", {
    data: { tier: "pro" },
    headers: { Origin: baseURL! },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole("banner").getByText("PRO", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" })).toBeVisible();
  await expect(current.getByText("Pro", { exact: true })).toBeVisible();
  await expect(current.getByText("Active", { exact: true })).toBeVisible();
  await expect(planCard(page, "Pro").getByText("Current Plan", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Switch to Enterprise" })).toBeDisabled();
  await screenshotBoth(page, "subscription-admin-set-pro");
  expect(createCalls).toEqual([]);
});

// ——— with card payment, against the fake Stripe ———

/** scripts/e2e.ts runs the fake Stripe (scripts/fake-stripe.ts) and points the Worker's STRIPE_API_BASE at it. */
const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL;
const FAKE_STRIPE_KEY = process.env.E2E_FAKE_STRIPE_SECRET_KEY ?? "";

/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com/… (tests must not reach Stripe). It has what
 * @stripe/stripe-js and @stripe/react-stripe-js call: Stripe(key) with elements(), a Payment Element that mounts
 * one card field and says ready, and confirmPayment, which asks https://api.stripe.com/__fake/confirm (answered
 * by the test, so the page's CSP for api.stripe.com is exercised) to pay, then goes to return_url as Stripe does.
 * The card 4000 0000 0000 0002 is declined, as in Stripe's test mode.
 */
const FAKE_STRIPE_JS = `(() => {
  function paymentElement(type) {
    const listeners = {};
    let node = null;
    let ready = false;
    const fire = (event, payload) => (listeners[event] || []).forEach((handler) => handler(payload));
    return {
      mount(target) {
        node = typeof target === "string" ? document.querySelector(target) : target;
        node.innerHTML =
          '<label style="display:grid;gap:6px;font:14px system-ui;color:#0f172a">Card number' +
          '<input name="cardnumber" inputmode="numeric" placeholder="1234 1234 1234 1234" ' +
          'style="padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit"></label>';
        setTimeout(() => { ready = true; fire("ready", { elementType: type }); }, 30);
      },
      on(event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        if (event === "ready" && ready) handler({ elementType: type });
        return this;
      },
      off(event, handler) {
        listeners[event] = (listeners[event] || []).filter((h) => h !== handler);
        return this;
      },
      update() {},
      unmount() { if (node) node.innerHTML = ""; },
      destroy() { this.unmount(); },
      cardNumber() { return node ? node.querySelector("input").value.replace(/\\s/g, "") : ""; },
    };
  }
  function Stripe() {
    let clientSecret = null;
    let element = null;
    const elements = {
      create(type) { element = paymentElement(type); return element; },
      getElement() { return element; },
      update() {},
      submit: async () => ({}),
    };
    return {
      elements(options) { clientSecret = options && options.clientSecret; return elements; },
      async confirmPayment({ confirmParams }) {
        if (element && element.cardNumber() === "4000000000000002") {
          return { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } };
        }
        const answer = await fetch("https://api.stripe.com/__fake/confirm", { method: "POST", body: clientSecret });
        if (!answer.ok) return { error: { type: "api_error", message: await answer.text() } };
        const url = new URL(confirmParams.return_url);
        url.searchParams.set("payment_intent", clientSecret.split("_secret_")[0]);
        url.searchParams.set("payment_intent_client_secret", clientSecret);
        url.searchParams.set("redirect_status", "succeeded");
        window.location.assign(url.toString());
        return new Promise(() => {});
      },
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** The fake Stripe's subscription whose open invoice the Payment Element was given (by its confirmation secret). */
async function subscriptionPaidWith(page: Page, clientSecret: string): Promise<string> {
  const response = await page.request.get(
    `${FAKE_STRIPE}/v1/subscriptions?status=all&limit=100&expand[]=data.latest_invoice.confirmation_secret`,
    { headers: { Authorization: `Bearer ${FAKE_STRIPE_KEY}` } },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as {
    data: { id: string; latest_invoice: { confirmation_secret: { client_secret: string } | null } | null }[];
  };
  const subscription = data.find((s) => s.latest_invoice?.confirmation_secret?.client_secret === clientSecret);
  expect(subscription, "a subscription whose open invoice has this secret").toBeTruthy();
  return subscription!.id;
}

/** Serves the fake Stripe.js and answers its confirmation by paying through the fake Stripe's control. */
async function useFakeStripeJs(page: Page): Promise<{ stripeJsLoads: () => number }> {
  let loads = 0;
  await page.route("https://js.stripe.com/**", async (route) => {
    loads++;
    await route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS });
  });
  await page.route("https://api.stripe.com/__fake/confirm", async (route) => {
    const id = await subscriptionPaidWith(page, route.request().postData() ?? "");
    const paid = await page.request.post(`${FAKE_STRIPE}/__fake/pay/${id}`);
    await route.fulfill({
      status: paid.ok() ? 200 : 502,
      headers: { "Access-Control-Allow-Origin": "*" },
      body: paid.ok() ? "{}" : await paid.text(),
    });
  });
  return { stripeJsLoads: () => loads };
}

test("card payment: upgrade to Pro, a declined card, pay, come back active, cancel, resume, switch to Enterprise", async ({
  page,
  baseURL,
}) => {
  test.skip(!FAKE_STRIPE, "needs the fake Stripe (E2E_FAKE_STRIPE_URL, set by scripts/e2e.ts)");
  const { stripeJsLoads } = await useFakeStripeJs(page);
  await registerFreshUser(page, baseURL!);
  await page.goto("/subscription");
  const current = page.getByRole("region", { name: "Current Subscription" });
  await expect(current.getByText("Free", { exact: true })).toBeVisible();
  await expect(page.getByText("Card payment is not configured here.", { exact: false })).toHaveCount(0);
  // Stripe.js is fetched only once a payment is due, never with the page.
  expect(stripeJsLoads()).toBe(0);

  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  const payment = page.getByRole("region", { name: "Complete your payment" });
  await expect(payment.getByText("Pro plan, £29 per month.", { exact: false })).toBeVisible();
  const pay = payment.getByRole("button", { name: "Pay £29" });
  await expect(pay).toBeEnabled();
  expect(stripeJsLoads()).toBe(1);
  // The subscription exists and waits for its payment: the badge says so.
  await expect(page.getByRole("banner").getByText("PRO (PENDING)")).toBeVisible();
  await expect(current.getByText("Pending", { exact: true })).toBeVisible();
  await screenshotBoth(page, "subscription-payment-form");

  // A declined card: Stripe's message in the toast, and the form stays.
  await payment.getByLabel("Card number").fill("4000 0000 0000 0002");
  await pay.click();
  await expectToast(page, "Payment Failed");
  await expect(page.getByText("Your card was declined.").first()).toBeVisible();

  // Leaving the form and coming back through Complete Payment (retry-subscription-payment) gives the same payment.
  await payment.getByRole("button", { name: "Not now" }).click();
  await expect(payment).toHaveCount(0);
  await current.getByRole("button", { name: "Complete Payment" }).click();
  await expect(payment.getByRole("button", { name: "Pay £29" })).toBeEnabled();

  await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
  await payment.getByRole("button", { name: "Pay £29" }).click();
  await page.waitForURL(/\/subscription\?success=true/);
  await expectToast(page, "Subscription Activated");
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("banner").getByText("PRO", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" })).toBeVisible();
  await expect(current.getByText("Active", { exact: true })).toBeVisible();
  await expect(current.getByText(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\./)).toBeVisible();
  await screenshotBoth(page, "subscription-active");

  // Cancelling: asked first, takes effect at the period end, keeps the data.
  await current.getByRole("button", { name: "Cancel Subscription" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel your subscription?" });
  await expect(
    dialog.getByText(/your projects, transcripts and stories are kept, and Free limits apply to new work/),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await expectToast(page, "Subscription Cancelled");
  await expect(current.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(current.getByText(/You keep Pro access until [A-Z][a-z]{2} \d{1,2}, \d{4}\./)).toBeVisible();
  await expect(page.getByRole("banner").getByText("PRO", { exact: true })).toBeVisible();
  await expect(current.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await expect(
    planCard(page, "Free").getByRole("button", { name: /^Starts [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }),
  ).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBoth(page, "subscription-cancelled");

  // Changing one's mind, then choosing the other paid tier: a price change on the same subscription.
  await current.getByRole("button", { name: "Resume Subscription" }).click();
  await expectToast(page, "Subscription Updated");
  await expect(current.getByText("Active", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Enterprise" }).click();
  const change = page.getByRole("alertdialog", { name: "Switch to Enterprise?" });
  await expect(change.getByText(/Enterprise costs £99 per month/)).toBeVisible();
  await change.getByRole("button", { name: "Switch to Enterprise" }).click();
  await expectToast(page, "Subscription Updated");
  await expect(page.getByRole("banner").getByText("ENTERPRISE", { exact: true })).toBeVisible();
  await expect(current.getByText("Enterprise", { exact: true })).toBeVisible();
  await expect(planCard(page, "Pro").getByRole("button", { name: "Switch to Pro" })).toBeEnabled();
});
