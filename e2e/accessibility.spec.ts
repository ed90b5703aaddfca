import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DESKTOP, PHONE, signInThroughApi } from "./support";

// axe-core's WCAG 2.1 A/AA rules and its best practices on every screen, at phone and wide widths, signed out and
// signed in (issue 29: no violations anywhere). axe-core comes with lighthouse, the budgets' devDependency. Its
// script is injected inline, which the SPA's Content-Security-Policy forbids, so this test alone bypasses the CSP.
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

test.use({ bypassCSP: true });
test.setTimeout(180_000);

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

async function screen(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await ready();
  return (await violations(page)).map((v) => `${path} @${page.viewportSize()?.width}: ${v}`);
}

test("axe finds no violation on any screen, at 375 px and 1440 px", async ({ page, baseURL }) => {
  const found: string[] = [];
  const heading = () => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.context().clearCookies();
    for (const path of [
      "/",
      "/auth",
      "/auth?tab=signup",
      "/forgot-password",
      "/privacy-policy",
      "/terms-of-service",
      "/no-such-page",
    ]) {
      found.push(
        ...(await screen(
          page,
          path,
          path === "/" ? () => expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible() : heading,
        )),
      );
    }
    // signed in through the API: the sign-in screen itself was checked above, and the next screen loads anyway
    await signInThroughApi(page, baseURL!, ADMIN.username, ADMIN.password);
    for (const path of [
      "/dashboard",
      "/generate",
      "/history",
      "/team",
      "/subscription",
      "/account",
      "/admin",
      "/oauth/consent",
    ])
      found.push(...(await screen(page, path, heading)));
    // the assistant's panel, open over a page
    await page.getByRole("button", { name: "AI Helper" }).click();
    await expect(page.getByRole("dialog", { name: "StoryLoom Assistant" })).toBeVisible();
    found.push(...(await violations(page)).map((v) => `assistant @${size.width}: ${v}`));
    await page.getByRole("button", { name: "Close the assistant" }).click();
  }
  expect(found).toEqual([]);
});
