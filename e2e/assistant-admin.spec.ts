import { expect, test } from "@playwright/test";
import { ADMIN, expectToast, registerFreshUser, screenshotBoth, signInThroughApi, uniqueName } from "./support";

// The help assistant and the admin dashboard (issue 18): a visitor asks the assistant, minimises it and keeps the
// conversation; an admin reads the analytics, grants a tier, makes an admin, and finds the visitor's question in
// the chatbot logs.

test("help assistant: opens, answers from the help, keeps its history when minimised", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "AI Helper" }).click();
  const panel = page.getByRole("dialog", { name: "StoryLoom Assistant" });
  await expect(panel).toContainText("I'm the StoryLoom Assistant");
  await expect(panel).toContainText("Powered by AI • Answers may vary");
  const input = panel.getByPlaceholder("Ask me anything about the product...");
  // blank is not sent; Shift+Enter is a new line, Enter sends
  await input.press("Enter");
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await input.fill("How much does the Pro plan cost");
  await input.press("Shift+Enter");
  await expect(input).toHaveValue("How much does the Pro plan cost\n");
  await input.press("Enter");
  await expect(panel.getByRole("listitem").filter({ hasText: "£29" })).toBeVisible();
  await expect(panel.locator("time").last()).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  await screenshotBoth(page, "assistant-open", { fullPage: false });

  await panel.getByRole("button", { name: "Minimise the assistant" }).click();
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Restore the assistant" }).click();
  await expect(panel.getByRole("listitem").filter({ hasText: "How much does the Pro plan cost" })).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: "£29" })).toBeVisible();
  await panel.getByRole("button", { name: "Close the assistant" }).click();
  await expect(page.getByRole("button", { name: "AI Helper" })).toBeVisible();
  // focus follows it: Close gives it back to the AI Helper button, Escape minimises to the Restore button
  await expect(page.getByRole("button", { name: "AI Helper" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Restore the assistant" })).toBeFocused();
});

test("help assistant on a phone: the AI Helper button steps aside while a form field has focus", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/auth?tab=signup");
  const helper = page.getByRole("button", { name: "AI Helper" });
  await expect(helper).toBeVisible();
  await page.getByLabel("Username").focus();
  await expect(helper).toHaveCount(0);
  await page.getByRole("heading", { level: 1 }).first().click();
  await expect(helper).toBeVisible();
});

test("admin dashboard: analytics, a tier grant, Make Admin, and the chatbot logs with search and paging", async ({
  page,
  browser,
  baseURL,
}) => {
  // A visitor's question, to find in the logs.
  const marker = uniqueName("zq");
  const visitor = await browser.newContext({ baseURL });
  const asked = await visitor.request.post("/api/chatbot", {
    data: { message: `How do I export to JIRA ${marker}?`, conversationHistory: [] },
    headers: { Origin: baseURL! },
  });
  expect(asked.ok()).toBe(true);
  await visitor.close();
  // A user to manage.
  const someone = await browser.newContext({ baseURL });
  const username = await registerFreshUser(await someone.newPage(), baseURL!);
  await someone.close();

  await signInThroughApi(page, baseURL!, ADMIN.username, ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Total Users")).toBeVisible();
  await expect(page.getByText("Paying customers")).toBeVisible();
  await expect(page.getByText("Estimated monthly recurring")).toBeVisible();
  await screenshotBoth(page, "admin-analytics");

  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByPlaceholder("Search users...").fill(username);
  const tier = page.getByRole("combobox", { name: `Subscription tier for ${username}` }).last();
  await expect(tier).toBeVisible();
  await tier.click();
  await page.getByRole("option", { name: "Pro" }).click();
  // each grant asks first; Cancel changes nothing and gives focus back
  const askPlan = page.getByRole("alertdialog", { name: `Change ${username}'s plan?` });
  await expect(askPlan.getByText(/moves from Free to Pro at once, without a payment/)).toBeVisible();
  await askPlan.getByRole("button", { name: "Cancel" }).click();
  await expect(tier).toBeFocused();
  await expect(tier).toContainText("Free");
  await tier.click();
  await page.getByRole("option", { name: "Pro" }).click();
  await askPlan.getByRole("button", { name: "Change to Pro" }).click();
  await expectToast(page, "Subscription Updated");
  await page
    .getByRole("button", { name: `Make Admin: ${username}` })
    .last()
    .click();
  const askAdmin = page.getByRole("alertdialog", { name: `Make ${username} an admin?` });
  await askAdmin.getByRole("button", { name: "Make Admin" }).click();
  await expectToast(page, "Admin Access Granted");
  await expect(page.getByRole("button", { name: `Make Admin: ${username}` })).toHaveCount(0);
  await screenshotBoth(page, "admin-users");

  await page.getByRole("tab", { name: "Chatbot Logs" }).click();
  await expect(page.getByText("Page 1 of conversations")).toBeVisible();
  await page.getByPlaceholder("Search conversations...").fill(marker);
  const entry = page.getByRole("article", { name: "Conversation with Anonymous User" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Guest");
  await expect(entry).toContainText(marker);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expectToast(page, "Refreshed");
  await page.getByPlaceholder("Search conversations...").fill(`${marker}-nothing`);
  await expect(page.getByText("No conversations match your search")).toBeVisible();
  await page.getByPlaceholder("Search conversations...").fill(marker);
  await expect(entry).toHaveCount(1);
  await screenshotBoth(page, "admin-chatbot-logs");
});
