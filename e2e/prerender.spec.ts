import { expect, test, type Page } from "@playwright/test";
import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from "../schema/web/pages";
import { registerFreshUser } from "./support";

// The pages a visitor lands on signed out arrive drawn (scripts/vite-entry-html.ts, web/prerender.tsx): the HTML the
// Worker sends carries the page itself, it paints without script, and React takes that markup over without drawing
// it anew (docs/decisions/2026-12-07-prerendered-entry-pages.md).

/** Each prerendered page's heading, and a text further down that only the page itself (not a shell) carries. */
const CONTENT: Record<string, { heading: string; text: string }> = {
  "/": { heading: "Turn meeting transcripts into ready-to-refine user stories", text: "Bring the conversation" },
  "/auth": { heading: "Welcome to StoryLoom", text: "Username or email" },
  "/auth?tab=signup": { heading: "Welcome to StoryLoom", text: "First name" },
  "/privacy-policy": { heading: "Privacy Policy", text: "Who we share data with" },
  "/terms-of-service": { heading: "Terms of Service", text: "Terms of Service" },
  "/no-such-page": { heading: "Page not found", text: "Back to the home page" },
};
const PAGES = [...PRERENDERED_PAGES.map((page) => page.url), "/no-such-page"];

test("the built HTML of every entry page carries the page, with no inline script", async ({ request }) => {
  expect(Object.keys(CONTENT).sort()).toEqual([...PAGES].sort());
  expect(NOT_FOUND_PAGE.file).toBe("not-found");
  for (const url of PAGES) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(url === "/no-such-page" ? 404 : 200);
    const html = await response.text();
    const root = /<div id="root" data-prerendered>([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1];
    expect(root, `${url} has a prerendered root`).toBeTruthy();
    expect(root, url).toContain(CONTENT[url]!.heading);
    expect(root, url).toContain(CONTENT[url]!.text);
    // (React separates the text parts with an empty comment)
    expect(/© (?:<!-- -->)?StoryLoom/.test(root!), `${url}: the build cannot know the year it is read in`).toBe(true);
    // one module script in the head; none inline (the Content-Security-Policy would block it)
    expect(html.match(/<script/g), url).toHaveLength(1);
  }
  // the shell stays the shell for every other page
  const dashboard = await (await request.get("/dashboard")).text();
  expect(dashboard).not.toContain("data-prerendered");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every entry page paints its content, the sign-up form included", async ({ page }) => {
    for (const url of PAGES) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: CONTENT[url]!.heading }), url).toBeVisible();
    }
    await page.goto("/auth?tab=signup");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("First name")).toBeVisible();
    // until the page's code runs, the browser cannot submit the form itself (a password in a URL)
    await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeDisabled();
    await expect(page.locator("form")).toHaveAttribute("method", "post");
  });
});

/** Page errors and console errors, but the 401 of a signed-out session check and the not-found page's own 404. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of (401|404)/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test("the browser takes the markup over: no hydration error, and the pages respond", async ({ page }) => {
  const errors = collectErrors(page);
  for (const url of PAGES) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: CONTENT[url]!.heading })).toBeVisible();
    // the header's Sign In button appears only once React runs and the session is known to be anonymous
    if (url === "/privacy-policy") await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  }
  // the year is the reader's, not the build's (the drawn page has none)
  await page.goto("/");
  await expect(page.getByText(`© ${new Date().getFullYear()} StoryLoom. All rights reserved.`)).toBeVisible();
  // what is typed before the page's code runs is kept when React takes the form over
  await page.goto("/auth?tab=signup", { waitUntil: "commit" });
  await page.getByLabel("Username").fill("typed-early");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await page.getByLabel("Password", { exact: true }).fill("typed-later");
  await expect(page.getByLabel("Username")).toHaveValue("typed-early");
  // the tabs work, and a field typed into keeps its text
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByLabel("First name")).toBeVisible();
  await page.getByLabel("First name").fill("Ada");
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  // a link moves within the app, without loading a page
  await page.goto("/no-such-page");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: CONTENT["/"]!.heading })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test("a signed-in visitor to / or /auth lands on the dashboard", async ({ page, baseURL }) => {
  const errors = collectErrors(page);
  await registerFreshUser(page, baseURL!);
  for (const url of ["/", "/auth", "/auth?tab=signup"]) {
    await page.goto(url);
    await expect(page, url).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  }
  // the prerendered pages that stay show the signed-in header once React has taken over
  await page.goto("/privacy-policy");
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
