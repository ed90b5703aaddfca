import { expect, test } from "@playwright/test";

// What the static-assets layer and the Worker answer together under `wrangler dev`: the SPA page's security
// headers, its build files cached for good, and a missing build file that is a plain 404 (not the SPA page).

const IMMUTABLE = "public, max-age=31536000, immutable";

test("the SPA page carries its security headers and loads build files cached as immutable", async ({ page }) => {
  const buildFiles: Array<{ url: string; status: number; cacheControl: string | undefined }> = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/assets/")) {
      buildFiles.push({
        url: response.url(),
        status: response.status(),
        cacheControl: response.headers()["cache-control"],
      });
    }
  });
  const document = await page.goto("/");
  const headers = document!.headers();
  expect(headers["content-security-policy"]).toContain("form-action 'self'");
  expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

  expect(buildFiles.length).toBeGreaterThan(0);
  for (const file of buildFiles) expect(file, file.url).toMatchObject({ status: 200, cacheControl: IMMUTABLE });
});

test("a missing build file is a 404 nothing may store, fetched or opened", async ({ page, request }) => {
  const fetched = await request.get("/assets/missing.js");
  expect(fetched.status()).toBe(404);
  expect(fetched.headers()["cache-control"]).toBe("no-store");
  expect(fetched.headers()["content-type"]).toMatch(/^text\/plain/);

  // A navigation (Sec-Fetch-Mode: navigate) is where the asset layer would otherwise serve the SPA page.
  const opened = await page.goto("/assets/missing-chunk-abc123.js");
  expect(opened!.status()).toBe(404);
  expect(opened!.headers()["cache-control"]).toBe("no-store");
});
