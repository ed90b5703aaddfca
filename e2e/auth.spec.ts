import { expect, test } from "@playwright/test";
import {
  ADMIN,
  DEMO,
  expectToast,
  PHONE,
  screenshot,
  screenshotBoth,
  signInThroughApi,
  uniqueName,
  verificationLinkFor,
} from "./support";

test("a new visitor signs up, verifies the email from the outbox, signs in, reaches the dashboard and signs out", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
  await screenshotBoth(page, "landing");

  // Sign In goes through /api/login to the sign-in screen; Get Started to the same screen's Sign Up tab.
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await screenshotBoth(page, "auth-sign-in");
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");

  const username = uniqueName("e2e");
  const email = `${username}@example.com`;
  const password = "a-very-long-passphrase";
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel(/^Email/).fill(email);
  await screenshotBoth(page, "auth-sign-up");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expectToast(page, "Account created!");
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screenshotBoth(page, "verify-email");

  // Resend: the button confirms for 5 seconds.
  await page.getByRole("button", { name: "Resend Verification Email" }).click();
  await expect(page.getByRole("button", { name: "Email Sent!" })).toBeVisible();

  // Signing in before verifying is refused with the spec's toast, then the verification screen.
  await page.goto("/auth");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Email verification required");
  await expect(page).toHaveURL(/\/verify-email$/, { timeout: 5_000 });

  // Follow the link from the dev outbox: the page names the account and asks; opening it verified nothing.
  const link = await verificationLinkFor(request, email);
  expect(link).toContain("/verify-email/confirm?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Is this your account?" })).toBeVisible();
  await expect(page.getByTestId("verification-username")).toHaveText(username);
  await expect(page.getByText(email)).toBeVisible();
  await screenshotBoth(page, "verify-email-confirm");
  // Keyboard: the answer buttons are reachable with Tab, "Yes" first.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Yes, Verify My Account" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "Email verified");

  // The link works once: opening it again says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("already been used");
  await expectToast(page, "Verification failed");
  await page.goto("/auth");

  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Welcome back!");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Generate" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "History" })).toBeVisible();
  // Free plan, not an admin: no Team or Admin links.
  await expect(page.getByRole("link", { name: "Team" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await screenshotBoth(page, "dashboard-shell");

  // Sign out from the wide-screen user menu.
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu").getByText("Signed in", { exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expectToast(page, "Signed out");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("someone else's sign-up with my address: the link's page names it, and 'No, I did not sign up' deletes it", async ({
  page,
  request,
  baseURL,
}) => {
  const squatter = uniqueName("squat");
  const email = `${uniqueName("owner")}@example.com`;
  const registered = await request.post("/api/register", {
    data: { username: squatter, email, password: "a-very-long-passphrase" },
    headers: { Origin: baseURL! },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await page.goto(await verificationLinkFor(request, email));
  await expect(page.getByTestId("verification-username")).toHaveText(squatter);
  await page.getByRole("button", { name: "No, I Did Not Sign Up" }).click();
  await expectToast(page, "Sign-up deleted");
  await expect(page.getByRole("heading", { name: "Sign-up deleted" })).toBeVisible();
  await screenshotBoth(page, "verify-email-rejected");

  // The account is gone: its username signs in to nothing.
  const login = await request.post("/api/login", {
    data: { username: squatter, password: "a-very-long-passphrase" },
    headers: { Origin: baseURL! },
  });
  expect(login.status()).toBe(401);
});

test("an anonymous visit to a protected page lands on /auth, and signing in comes back to it", async ({ page }) => {
  for (const path of ["/dashboard", "/history", "/generate", "/team", "/admin"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  await page.goto("/subscription");
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Username or email").fill(DEMO.username);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test("unknown paths show the not-found screen, answered 404; pages answer 200", async ({ page }) => {
  expect((await page.goto("/privacy-policy"))?.status()).toBe(200);
  expect((await page.goto("/no-such-page"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  await screenshotBoth(page, "not-found");
});

// The next two are about what a signed-in account sees, not the sign-in form (the journeys above test that): they
// sign in through the API.
test("the admin sees the Admin link; the phone side menu lists the spec's entries", async ({ page, baseURL }) => {
  await signInThroughApi(page, baseURL!, ADMIN.username, ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation").first().getByRole("link", { name: "Admin" })).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.goto("/dashboard");
  const menu = page.getByRole("dialog", { name: "Menu" });
  // (on a busy machine the first click can land before the page has hydrated, and opens nothing: click again)
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  for (const name of ["Dashboard", "Generate", "History", "Admin", "Subscription", "Settings"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Team", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await screenshot(page, "side-menu-phone");
});

test("a signed-in non-admin sees Access Denied on /admin, and /auth sends a signed-in user home", async ({
  page,
  baseURL,
}) => {
  await signInThroughApi(page, baseURL!, DEMO.username, DEMO.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have admin access to view this page.")).toBeVisible();
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("legal pages have real content, served with the SPA's security headers", async ({ page }) => {
  const response = await page.goto("/privacy-policy");
  const csp = response!.headers()["content-security-policy"];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
});
