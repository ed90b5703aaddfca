import { expect, test } from "@playwright/test";
import { DEMO, expectToast, screenshotBoth, signIn, uniqueName } from "./support";

// Failures the user should be able to recover from and quote: a screen whose code does not download, and an API
// error's request id in its toast.

test("a page whose code fails to download shows the error screen inside the layout; the header still works", async ({
  page,
}) => {
  await signIn(page, DEMO.username, DEMO.password);
  // As after a deploy replaced the file, or a dropped connection: the History screen's chunk does not download.
  const historyChunk = /\/assets\/history-[\w-]+\.js$/;
  await page.route(historyChunk, (route) => route.abort());
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "History" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "This page didn't load" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByText(/^Request ID:/)).toHaveCount(0);
  await screenshotBoth(page, "error-screen");

  // The header is the layout's, untouched: its navigation leaves the error behind.
  await nav.getByRole("link", { name: "Generate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Generate User Stories" })).toBeVisible();

  // Reload page fetches the code again.
  await nav.getByRole("link", { name: "History" }).click();
  await page.unroute(historyChunk);
  await page.getByRole("button", { name: "Reload page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transcript History" })).toBeVisible();
});

test("an expected refusal's toast says what to do and no request id; an unexpected failure's adds the id", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("Username or email").fill(uniqueName("nobody"));
  await page.getByLabel("Password", { exact: true }).fill("not-a-real-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Sign in failed");
  await expect(page.getByText(/^Request ID: req_[\w-]+$/)).toHaveCount(0);

  // a 5xx: the server's error shape with its id, as a failing Worker answers
  await page.route("**/api/login", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        error: "Something went wrong on our side. Please try again.",
        code: "internal",
        requestId: "req_e2e500",
      }),
    }),
  );
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Sign in failed");
  await expect(page.getByText("Request ID: req_e2e500")).toBeVisible();
  await screenshotBoth(page, "error-toast-request-id", { fullPage: false });
});
