import { expect, test } from "@playwright/test";
import { expectToast, outboxLinkFor, screenshotBoth, uniqueName } from "./support";

const PASSWORD = "a-very-long-passphrase";

// Issue 26: the owner is never locked out for long. Someone behind her office address spends its sign-in allowance
// (100 failures on names nobody has); she has never signed in from there, so her own sign-in is refused too. The
// form offers an emailed link; opening it in her browser and pressing its button lets her password through.
test("an owner blocked by someone else's failures at her address gets in through the emailed link and her password", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The office's address, as Cloudflare would report it (wrangler dev keeps a CF-Connecting-IP the client sent).
  const office = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": office } });
  const page = await context.newPage();
  const headers = { Origin: baseURL! };

  // A verified account that has never signed in.
  const username = uniqueName("locked");
  const email = `${username}@example.com`;
  const registered = await page.request.post("/api/register", {
    data: { username, email, password: PASSWORD },
    headers,
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  // Verified through the verification page's call (worker/routes/email-verification.ts): opening a link alone
  // verifies nothing.
  const verification = new URL(await outboxLinkFor(page.request, email, "/verify-email/confirm"));
  const verified = await page.request.post("/api/verify-email/confirm", {
    data: { token: verification.searchParams.get("token") },
    headers,
  });
  expect(verified.ok(), await verified.text()).toBe(true);

  // The insider: 100 wrong sign-ins on names nobody has, from the same address, until it is blocked.
  const guess = (i: number) =>
    page.request.post("/api/login", {
      data: { username: uniqueName(`nobody${i}-`), password: "wrong-password" },
      headers,
    });
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(batch * 10 + i)));
    for (const answer of answers) expect(answer.status()).toBe(401);
  }
  expect((await guess(100)).status()).toBe(429);

  // The owner is refused like everyone there; the form then offers the link.
  await page.goto("/auth");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Sign in failed");
  const offer = page.getByRole("button", { name: "Email me a sign-in link" });
  await expect(offer).toBeVisible();
  await screenshotBoth(page, "sign-in-blocked-offer");
  // Keyboard: the offer follows the Sign In button.
  await page.getByRole("button", { name: "Sign In", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(offer).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("tabpanel", { name: "Sign In" }).getByRole("status")).toContainText(
    "a sign-in link is on its way",
  );
  await expectToast(page, "Check your email");
  await screenshotBoth(page, "sign-in-link-sent");

  // A mail scanner fetching the link changes nothing: the page acts only on its button.
  const link = await outboxLinkFor(page.request, email, "/sign-in-link");
  expect((await page.request.get(link)).ok()).toBe(true);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Continue signing in", level: 1 })).toBeVisible();
  await screenshotBoth(page, "sign-in-link");
  const letThrough = page.getByRole("button", { name: "Let This Browser Sign In" });
  await letThrough.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "This browser can sign in now");
  await expect(page).toHaveURL(/\/auth$/);

  // The password is still needed, and now gets through.
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(link);
  await page.getByRole("button", { name: "Let This Browser Sign In" }).click();
  await expect(page.getByRole("heading", { name: "This link can't be used", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
  await expectToast(page, "Sign-in link failed");
  await screenshotBoth(page, "sign-in-link-used");
  await context.close();
});
