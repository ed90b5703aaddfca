import { expect, type Locator, type Page, type APIRequestContext } from "@playwright/test";

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };
const SCREENSHOT_DIR = new URL("./screenshots/", import.meta.url).pathname;

/**
 * Screenshots are for people to look at, and no journey reads them back: they are taken only when asked for
 * (`npm run test:e2e -- --screenshots`, which sets E2E_SCREENSHOTS); a failing journey's screenshot is Playwright's
 * own (e2e/playwright.config.ts). Taking all of them cost about a quarter of the journeys' time (issue 44).
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** One screenshot of the page as it is, when screenshots are asked for. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}

/**
 * Saves screenshots at phone and desktop widths (e2e/screenshots, not committed) and restores the viewport, when
 * screenshots are asked for. Full page by default; `fullPage: false` for dialogs, which only ever cover the viewport.
 */
export async function screenshotBoth(
  page: Page,
  name: string,
  { fullPage = true, scrollTo }: { fullPage?: boolean; scrollTo?: Locator } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    // after the resize, which moves what was in view
    if (scrollTo) await scrollTo.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${label}.png`, fullPage });
  }
  await page.setViewportSize(original);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The newest verification link sent to `email` (the confirmation page, /verify-email/confirm), from the dev outbox. */
export function verificationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  return outboxLinkFor(request, email, "/verify-email/confirm");
}

/** Verifies the account of the newest verification link sent to `email`, as its page's "Yes" button does. */
export async function verifyThroughApi(request: APIRequestContext, email: string, origin: string): Promise<void> {
  const token = new URL(await verificationLinkFor(request, email)).searchParams.get("token");
  const response = await request.post("/api/verify-email/confirm", { data: { token }, headers: { Origin: origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The newest link to `path` (with its token) in a mail sent to `email`, from the dev outbox. Mail leaves after the
 * response, so it waits for the link to arrive.
 */
export async function outboxLinkFor(request: APIRequestContext, email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/dev/outbox");
        expect(response.ok()).toBe(true);
        const mails = ((await response.json()) as OutboxMail[]).filter((m) => m.to === email);
        link = mails.map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
        return link;
      },
      { message: `no ${path} link to ${email} in the outbox` },
    )
    .toBeTruthy();
  return link!;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export const DEMO = { username: "demo", password: "storyloom-demo-2026", email: "demo@storyloom.dev" };
export const ADMIN = { username: "admin", password: "storyloom-admin-2026", email: "admin@storyloom.dev" };

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API, as the sign-in form's own request does: the session cookie goes into the page's browser
 * context and no screen is loaded (measured here: 0.1-0.3 s, against 0.9-1.7 s for `signIn`'s form, issue 44). For
 * journeys that need a signed-in account rather than the sign-in form; the form itself is used where it is what the
 * journey tests: auth.spec.ts, password.spec.ts, sign-in-link.spec.ts and the sign-ins after a reset in team.spec.ts.
 */
export async function signInThroughApi(page: Page, baseURL: string, username: string, password: string): Promise<void> {
  const response = await page.request.post("/api/login", {
    data: { username, password },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The visible toast with this title (Radix also mirrors toasts into a screen-reader live region). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
}

let registrations = Math.floor(Math.random() * 250);

/** Registers and signs in a fresh account (no email) in the page's browser context; optionally on a paid plan. */
export async function registerFreshUser(page: Page, baseURL: string, tier?: "pro" | "enterprise"): Promise<string> {
  const username = uniqueName("e2e");
  const headers = { Origin: baseURL };
  const registered = await page.request.post("/api/register", {
    data: { username, password: "a-very-long-passphrase" },
    // Each journey's account comes from its own address (TEST-NET-2), as real sign-ups would: all of them from
    // 127.0.0.1 would reach the per-network sign-up limit. wrangler dev keeps a CF-Connecting-IP the client sent;
    // Cloudflare's edge replaces it, so this cannot be done in production.
    headers: { ...headers, "CF-Connecting-IP": `198.51.100.${1 + (++registrations % 250)}` },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  if (tier) {
    const upgraded = await page.request.post("/api/dev/subscription", { data: { tier }, headers });
    expect(upgraded.ok(), await upgraded.text()).toBe(true);
  }
  return username;
}

/** Nothing in the page's main area may cross the phone's 16 px right margin. */
export async function expectNoPhoneOverflow(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const offenders = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main > * *"))
      .filter(
        (el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > window.innerWidth - 16 + 0.5,
      )
      .filter((el) => !el.classList.contains("sr-only"))
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")}`)
      .slice(0, 5),
  );
  expect(offenders, `elements wider than the phone in ${name}`).toEqual([]);
  if (original) await page.setViewportSize(original);
}
