import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Integration } from "../../schema/api/integrations";
import { call, json } from "../test/client";
import { countRows, createProject, createUser, setTier } from "../test/factories";

const TOKEN = "ATATT3xFfGF0-example-token-9876";
const NOTION_SECRET = "ntn_4512example_secret_value_5555";
const jiraBody = (overrides: Record<string, unknown> = {}) => ({
  type: "jira",
  name: "Team JIRA",
  config: { domain: "Acme.atlassian.net", email: "pm@acme.test", apiToken: TOKEN, projectKey: "sl" },
  ...overrides,
});
const notionBody = {
  type: "notion",
  name: "Roadmap",
  config: {
    integrationSecret: NOTION_SECRET,
    pageUrl: "https://www.notion.so/acme/Roadmap-1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d?pvs=4",
  },
};

async function proOwner() {
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Payments" });
  return { user, project };
}

async function create(user: { session: string }, projectId: number, body: unknown = jiraBody()) {
  const response = await call("POST", `/api/projects/${projectId}/integrations`, { cookie: user.session, body });
  expect(response.status).toBe(201);
  return json<Integration>(response);
}

describe("integrations of a project", () => {
  it("creates, lists, updates and deletes a JIRA integration, answering only masks", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id);
    expect(created).toMatchObject({
      type: "jira",
      name: "Team JIRA",
      isActive: true,
      projectId: project.id,
      config: { domain: "acme.atlassian.net", email: "pm@acme.test", projectKey: "SL", apiToken: "••••9876" },
    });

    const list = await json<Integration[]>(
      await call("GET", `/api/projects/${project.id}/integrations`, { cookie: user.session }),
    );
    expect(list.map((i) => i.id)).toEqual([created.id]);

    // A PUT without a secret keeps the stored one; with one, replaces it.
    const renamed = await json<Integration>(
      await call("PUT", `/api/integrations/${created.id}`, {
        cookie: user.session,
        body: { name: "Renamed", isActive: false, config: { apiToken: "" } },
      }),
    );
    expect(renamed).toMatchObject({ name: "Renamed", isActive: false, config: { apiToken: "••••9876" } });
    const before = await env.DB.prepare("SELECT secret_sealed FROM integrations WHERE id = ?")
      .bind(created.id)
      .first<{ secret_sealed: string }>();
    const rotated = await json<Integration>(
      await call("PUT", `/api/integrations/${created.id}`, {
        cookie: user.session,
        body: { config: { apiToken: "new-token-abcdef-1234" } },
      }),
    );
    expect(rotated.config).toMatchObject({ apiToken: "••••1234" });
    const after = await env.DB.prepare("SELECT secret_sealed FROM integrations WHERE id = ?")
      .bind(created.id)
      .first<{ secret_sealed: string }>();
    expect(after!.secret_sealed).not.toBe(before!.secret_sealed);

    const deleted = await call("DELETE", `/api/integrations/${created.id}`, {
      cookie: user.session,
      body: { projectId: project.id },
    });
    expect(deleted.status).toBe(200);
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });

  it("creates a Notion integration from a page link", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id, notionBody);
    expect(created).toMatchObject({
      type: "notion",
      config: { pageUrl: notionBody.config.pageUrl, integrationSecret: "••••5555" },
    });
    const row = await env.DB.prepare("SELECT settings FROM integrations WHERE id = ?")
      .bind(created.id)
      .first<{ settings: string }>();
    expect(JSON.parse(row!.settings).pageId).toBe("1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d");
  });

  it("never stores or answers a credential in plaintext", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id);
    const raw = JSON.stringify(
      await env.DB.prepare("SELECT * FROM integrations WHERE id = ?").bind(created.id).first(),
    );
    expect(raw).not.toContain(TOKEN);
    expect(raw).not.toContain(btoa(TOKEN));
    for (const response of [
      await call("GET", `/api/projects/${project.id}/integrations`, { cookie: user.session }),
      await call("PUT", `/api/integrations/${created.id}`, { cookie: user.session, body: { name: "Again" } }),
    ]) {
      expect(await response.text()).not.toContain(TOKEN.slice(0, 12));
    }
  });

  it("refuses the free plan with 'Integrations are only available', and stores nothing", async () => {
    const user = await createUser();
    const project = await createProject(user);
    for (const response of [
      await call("POST", `/api/projects/${project.id}/integrations`, { cookie: user.session, body: jiraBody() }),
      await call("GET", `/api/projects/${project.id}/integrations`, { cookie: user.session }),
    ]) {
      expect(response.status).toBe(403);
      expect((await json(response)).error).toContain("Integrations are only available");
    }
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });

  it("lets someone who left Pro delete what they stored", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id);
    await setTier(user, "free");
    expect(
      (await call("PUT", `/api/integrations/${created.id}`, { cookie: user.session, body: { name: "X" } })).status,
    ).toBe(403);
    expect((await call("DELETE", `/api/integrations/${created.id}`, { cookie: user.session })).status).toBe(200);
  });

  it("answers 404 for another user's project or integration, and changes nothing", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id);
    const other = await createUser();
    await setTier(other, "pro");
    const attempts = [
      call("GET", `/api/projects/${project.id}/integrations`, { cookie: other.session }),
      call("POST", `/api/projects/${project.id}/integrations`, { cookie: other.session, body: jiraBody() }),
      call("PUT", `/api/integrations/${created.id}`, { cookie: other.session, body: { name: "Mine now" } }),
      call("DELETE", `/api/integrations/${created.id}`, { cookie: other.session }),
      call("PUT", `/api/integrations/0${created.id}`, { cookie: user.session, body: { name: "Odd id" } }),
      call("DELETE", `/api/integrations/999999`, { cookie: user.session }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    const list = await json<Integration[]>(
      await call("GET", `/api/projects/${project.id}/integrations`, { cookie: user.session }),
    );
    expect(list).toMatchObject([{ name: "Team JIRA" }]);
  });

  it("validates with the spec's messages", async () => {
    const { user, project } = await proOwner();
    const cases: [unknown, string][] = [
      [{ name: "No type", config: {} }, "Please provide integration type and name."],
      [jiraBody({ name: "  " }), "Please provide integration type and name."],
      [jiraBody({ config: { ...jiraBody().config, domain: "" } }), "Domain is required"],
      [
        jiraBody({ config: { ...jiraBody().config, domain: "acme.atlassian.net.evil.com" } }),
        "Invalid domain format. Use format: your-site.atlassian.net",
      ],
      [jiraBody({ config: { ...jiraBody().config, apiToken: "" } }), "Email and API token are required"],
      [jiraBody({ config: { ...jiraBody().config, projectKey: "" } }), "Project key is required"],
      [
        {
          ...notionBody,
          config: { ...notionBody.config, pageUrl: "https://evil.test/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d" },
        },
        "Use the link of a Notion page",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", `/api/projects/${project.id}/integrations`, { cookie: user.session, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error).toContain(message);
    }
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });

  // Security issue 26: the page link is stored and shown, so only https links on Notion's hosts are taken.
  const HEX = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";
  const hostilePageUrls: [string, string][] = [
    [`javascript:alert(document.cookie)//${HEX}`, "must be an https:// link"],
    [`file:///etc/passwd/${HEX}`, "must be an https:// link"],
    [`http://www.notion.so/acme/Roadmap-${HEX}`, "must be an https:// link"],
    [`data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==#${HEX}`, "must be an https:// link"],
    [HEX, "must be an https:// link"],
    [`https://notion.so.evil.com/${HEX}`, "on notion.so, www.notion.so or your-workspace.notion.site"],
    [`https://evilnotion.so/${HEX}`, "on notion.so, www.notion.so or your-workspace.notion.site"],
    [`https://notion.so@evil.com/${HEX}`, "on notion.so, www.notion.so or your-workspace.notion.site"],
    [`https://www.notion.so:443@evil.com/${HEX}`, "on notion.so, www.notion.so or your-workspace.notion.site"],
    [`https://www.notion.so/acme/Roadmap`, "it ends with the page's 32-character id"],
  ];

  it("refuses a Notion page link that is not https on Notion's hosts, on create, in the shared error shape", async () => {
    const { user, project } = await proOwner();
    for (const [pageUrl, message] of hostilePageUrls) {
      const response = await call("POST", `/api/projects/${project.id}/integrations`, {
        cookie: user.session,
        body: { ...notionBody, config: { ...notionBody.config, pageUrl } },
      });
      expect(response.status, pageUrl).toBe(400);
      const body = await json<{ success: boolean; error: string; code: string; requestId: string }>(response);
      expect(body, pageUrl).toMatchObject({
        success: false,
        code: "validation_failed",
        requestId: expect.stringMatching(/^req_/),
      });
      expect(body.error, pageUrl).toContain(message);
    }
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });

  it("refuses the same links on update and keeps the stored page", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id, notionBody);
    for (const [pageUrl, message] of hostilePageUrls) {
      const response = await call("PUT", `/api/integrations/${created.id}`, {
        cookie: user.session,
        body: { config: { pageUrl } },
      });
      expect(response.status, pageUrl).toBe(400);
      expect((await json(response)).error, pageUrl).toContain(message);
    }
    const row = await env.DB.prepare("SELECT settings FROM integrations WHERE id = ?")
      .bind(created.id)
      .first<{ settings: string }>();
    expect(JSON.parse(row!.settings)).toEqual({
      pageUrl: notionBody.config.pageUrl,
      pageId: "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
    });
  });

  it("takes Notion's own link forms and stores the link as parsed", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id, notionBody);
    const good: [string, string][] = [
      [`https://notion.so/${HEX}`, `https://notion.so/${HEX}`],
      [`https://www.notion.so/acme/Roadmap-${HEX}?pvs=4`, `https://www.notion.so/acme/Roadmap-${HEX}?pvs=4`],
      [`https://acme.notion.site/Roadmap-${HEX}`, `https://acme.notion.site/Roadmap-${HEX}`],
      [`  HTTPS://WWW.Notion.SO/acme/Roadmap-${HEX}  `, `https://www.notion.so/acme/Roadmap-${HEX}`],
    ];
    for (const [pageUrl, stored] of good) {
      const response = await call("PUT", `/api/integrations/${created.id}`, {
        cookie: user.session,
        body: { config: { pageUrl } },
      });
      expect(response.status, pageUrl).toBe(200);
      expect((await json<Integration>(response)).config, pageUrl).toMatchObject({ pageUrl: stored });
    }
  });

  it("answers a page link stored before the https rule as Notion's link to the same page, and keeps it on other edits", async () => {
    const { user, project } = await proOwner();
    const created = await create(user, project.id, notionBody);
    const legacy = JSON.stringify({
      pageUrl: `javascript:alert(1)//${HEX}`,
      pageId: "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
    });
    await env.DB.prepare("UPDATE integrations SET settings = ? WHERE id = ?").bind(legacy, created.id).run();
    const list = await json<Integration[]>(
      await call("GET", `/api/projects/${project.id}/integrations`, { cookie: user.session }),
    );
    expect(list[0]!.config).toMatchObject({ pageUrl: `https://www.notion.so/${HEX}` });
    const renamed = await call("PUT", `/api/integrations/${created.id}`, {
      cookie: user.session,
      body: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect((await json<Integration>(renamed)).config).toMatchObject({ pageUrl: `https://www.notion.so/${HEX}` });
    const row = await env.DB.prepare("SELECT settings FROM integrations WHERE id = ?")
      .bind(created.id)
      .first<{ settings: string }>();
    expect(JSON.parse(row!.settings).pageId).toBe("1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d");
  });

  it("goes with its project", async () => {
    const { user, project } = await proOwner();
    await create(user, project.id);
    expect((await call("DELETE", `/api/projects/${project.id}`, { cookie: user.session })).status).toBe(200);
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });
});
