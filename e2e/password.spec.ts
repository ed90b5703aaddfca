import { expect, test } from "@playwright/test";
import {
  expectToast,
  outboxLinkFor,
  registerFreshUser,
  screenshotBoth,
  signIn,
  uniqueName,
  verifyThroughApi,
} from "./support";

const OLD_PASSWORD = "a-very-long-passphrase";
const NEW_PASSWORD = "another-long-passphrase";

test("a forgotten password is reset from the emailed link: every session ends and only the new password signs in", async ({
  browser,
  baseURL,
}) => {
  // A verified account with an address, signed in on page A.
  const [contextA, contextB] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  const username = uniqueName("reset");
  const email = `${username}@example.com`;
  const registered = await pageA.request.post("/api/register", {
    data: { username, email, password: OLD_PASSWORD },
    headers: { Origin: baseURL! },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await verifyThroughApi(pageA.request, email, baseURL!);
  await signIn(pageA, username, OLD_PASSWORD);

  // Page B: "Forgot password?" is the next stop after the password field, and carries the address typed.
  await pageB.goto("/auth");
  // the page arrives drawn (e2e/prerender.spec.ts); its links move within the app, carrying the address, once React
  // has taken it over, which the enabled Sign In button shows (before that a link is an ordinary page load)
  await expect(pageB.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  await pageB.getByLabel("Username or email").fill(email.toUpperCase());
  await pageB.getByLabel("Password", { exact: true }).focus();
  await pageB.keyboard.press("Tab");
  await expect(pageB.getByRole("link", { name: "Forgot password?" })).toBeFocused();
  await pageB.keyboard.press("Enter");
  await expect(pageB).toHaveURL(/\/forgot-password$/);
  await expect(pageB.getByLabel("Email")).toHaveValue(email);
  await pageB.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(pageB.getByRole("heading", { name: "Check your email", level: 1 })).toBeFocused();
  await expect(
    pageB.getByText("If an account uses that address, a link to reset its password is on its way."),
  ).toBeVisible();
  await expect(pageB.getByRole("link", { name: "Back to Sign In" })).toBeVisible();
  await screenshotBoth(pageB, "forgot-password-sent");

  // The link from the outbox: the two passwords must match before anything is sent.
  const link = await outboxLinkFor(pageB.request, email, "/reset-password");
  await pageB.goto(link);
  await pageB.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await pageB.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
  await pageB.getByRole("button", { name: "Set New Password" }).click();
  await expect(pageB.getByText("The passwords do not match.")).toBeVisible();
  await expect(pageB.getByLabel("Confirm new password")).toBeFocused();
  await screenshotBoth(pageB, "reset-password");
  await pageB.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await pageB.getByRole("button", { name: "Set New Password" }).click();
  await expectToast(pageB, "Password updated");
  await expect(pageB).toHaveURL(/\/auth$/);

  // Page A's session ended with the reset.
  await pageA.reload();
  await expect(pageA).toHaveURL(/\/auth$/);

  // The old password fails, the new one signs in.
  await pageB.getByLabel("Username or email").fill(username);
  await pageB.getByLabel("Password", { exact: true }).fill(OLD_PASSWORD);
  await pageB.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(pageB, "Sign in failed");
  await signIn(pageB, username, NEW_PASSWORD);

  // The link works once; a link without a token is refused without asking the server.
  await pageB.goto(link);
  await pageB.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await pageB.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await pageB.getByRole("button", { name: "Set New Password" }).click();
  await expect(pageB.getByText("This password reset link has already been used. Ask for a new one.")).toBeVisible();
  await pageB.goto("/reset-password");
  await expect(pageB.getByText("This password reset link is not valid. Ask for a new one.")).toBeVisible();
  await screenshotBoth(pageB, "reset-password-invalid");
  await pageB.getByRole("link", { name: "Ask for a New Link" }).click();
  await expect(pageB).toHaveURL(/\/forgot-password$/);
  await Promise.all([contextA.close(), contextB.close()]);
});

test("the account screen changes the password; an account without one is pointed to Forgot password?", async ({
  page,
  baseURL,
}) => {
  const username = await registerFreshUser(page, baseURL!);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();

  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expectToast(page, "Update Failed");
  await expect(page.getByLabel("Current password")).toBeFocused();
  await expect(page.getByText("Your current password is not correct.").first()).toBeVisible();
  await screenshotBoth(page, "account-change-password");

  await page.getByLabel("Current password").fill(OLD_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expectToast(page, "Password updated");
  await expect(page.getByLabel("Current password")).toHaveValue("");
  const withNewPassword = await page.request.post("/api/login", {
    data: { username, password: NEW_PASSWORD },
    headers: { Origin: baseURL! },
  });
  expect(withNewPassword.ok(), await withNewPassword.text()).toBe(true);

  // OAuth-only accounts (hasPassword false) get the note instead of the form.
  await page.route("**/api/user", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), hasPassword: false, email: "a@example.com" } });
  });
  await page.reload();
  await expect(
    page.getByText("You sign in with Google, GitHub or Apple, so this account has no password."),
  ).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await screenshotBoth(page, "account-no-password");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
