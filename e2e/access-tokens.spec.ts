import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoPhoneOverflow, expectToast, registerFreshUser, screenshotBoth, uniqueName } from "./support";

// Personal access tokens (issue 42): made on the account page, shown once, used by a script with fetch from Node
// (no cookie, no Origin), revoked on the page, and refused with 401 after that.

test("account settings: make an access token, call the API with it from a script, revoke it", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const projectName = uniqueName("Token ");
  const made = await page.request.post("/api/projects", { data: { name: projectName }, headers: { Origin: baseURL! } });
  expect(made.ok()).toBe(true);

  await page.goto("/account");
  const card = page.getByRole("heading", { name: "Access tokens" }).locator("../../..");
  await expect(card).toContainText("No access tokens yet.");
  const newToken = page.getByRole("button", { name: "New Token" });
  await newToken.click();

  const dialog = page.getByRole("dialog", { name: "New access token" });
  // read is ticked by default; a name is required
  await expect(dialog.getByRole("checkbox", { name: /^read/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Create Token" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill("Nightly backlog script");
  await expect(dialog.getByText("Name is required")).toBeHidden();
  await dialog.getByRole("checkbox", { name: /^generate/ }).check();
  await dialog.getByRole("combobox", { name: "Expires" }).click();
  await page.getByRole("option", { name: "Never" }).click();
  await expect(dialog).toContainText("A token that never expires works until you revoke it");
  await dialog.getByRole("combobox", { name: "Expires" }).click();
  await page.getByRole("option", { name: "In 7 days" }).click();
  await screenshotBoth(page, "access-token-new", { fullPage: false });
  await dialog.getByRole("button", { name: "Create Token" }).click();
  await expectToast(page, "Token Created");

  const shown = page.getByRole("dialog", { name: "Copy your new token" });
  const token = await shown.getByLabel("Nightly backlog script").inputValue();
  expect(token).toMatch(/^slp_[0-9A-Za-z]{38}$/);
  await screenshotBoth(page, "access-token-shown", { fullPage: false });
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(newToken).toBeFocused();

  const row = card.getByRole("listitem").filter({ hasText: "Nightly backlog script" });
  await expect(row).toContainText(`slp_…${token.slice(-4)}`);
  await expect(row).toContainText("Never used");

  // A script: Node's own fetch, no cookie, no Origin.
  const script = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, baseURL), { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  const projects = await script("/api/projects");
  expect(projects.status).toBe(200);
  expect(((await projects.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual([projectName]);
  const refused = await script("/api/projects", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Not allowed" }),
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe("This access token does not have the write scope");

  await page.reload();
  await expect(row).toContainText("Last used just now");
  await screenshotBoth(page, "access-tokens");
  await expectNoPhoneOverflow(page, "access-tokens");

  const revoke = row.getByRole("button", { name: "Revoke Nightly backlog script" });
  await revoke.click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke this token?" });
  await confirm.getByRole("button", { name: "Revoke Token" }).click();
  await expectToast(page, "Token Revoked");
  await expect(card).toContainText("No access tokens yet.");

  const after = await script("/api/projects");
  expect(after.status).toBe(401);
  expect(after.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
});

test("connect an MCP client with OAuth: the consent screen, the code exchange, a tool call, disconnect", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const redirect = "http://127.0.0.1:33418/callback";
  const registered = await fetch(new URL("/oauth/register", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Agent <i>Smith</i>",
      redirect_uris: [redirect],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(registered.status).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    scope: "read generate",
    state: "journey",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  // the app's callback: a page on this computer, answered here
  let callback: URL | undefined;
  await page.route(`${redirect}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<p>You can close this window.</p>" });
  });

  await page.goto(`/oauth/authorize?${query}`);
  await expect(page).toHaveURL(/\/oauth\/consent\?handle=/);
  const heading = page.getByRole("heading", { name: "Allow “Agent <i>Smith</i>” to use StoryLoom as you?" });
  await expect(heading).toBeVisible();
  await expect(page.getByText("127.0.0.1")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^read/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /^generate/ }).uncheck();
  await screenshotBoth(page, "mcp-consent", { fullPage: false });
  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => callback?.searchParams.get("state")).toBe("journey");

  const exchanged = await fetch(new URL("/oauth/token", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback!.searchParams.get("code")!,
      client_id: clientId,
      redirect_uri: redirect,
      code_verifier: verifier,
    }),
  });
  expect(exchanged.status).toBe(200);
  const { access_token: accessToken, scope } = (await exchanged.json()) as { access_token: string; scope: string };
  expect(scope).toBe("read");
  const listTools = () =>
    fetch(new URL("/mcp", baseURL), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
  const tools = await listTools();
  expect(tools.status).toBe(200);
  expect(await tools.text()).toContain("list_projects");

  await page.goto("/account");
  const apps = page.getByRole("heading", { name: "Connected apps" }).locator("../..");
  const row = apps.getByRole("listitem").filter({ hasText: "Agent <i>Smith</i>" });
  await expect(row).toContainText("read");
  await screenshotBoth(page, "connected-apps");
  await row.getByRole("button", { name: "Disconnect Agent <i>Smith</i>" }).click();
  await page
    .getByRole("alertdialog", { name: "Disconnect this app?" })
    .getByRole("button", { name: "Disconnect" })
    .click();
  await expectToast(page, "App Disconnected");
  await expect(apps).toContainText("No connected apps.");
  expect((await listTools()).status).toBe(401);
});
