import { describe, expect, it } from "vitest";
import type { JiraProjectResult } from "../../schema/api/integrations";
import { call, json } from "../test/client";
import { createUser, setTier } from "../test/factories";
import { HOSTILE_JIRA_DOMAINS } from "../test/hostile-jira-domains";
import { FAKE_JIRA_TOKEN, FakeJira } from "../test/jira/fake-jira";
import { mockJira } from "../test/jira/mock";

async function proUser() {
  const user = await createUser();
  await setTier(user, "pro");
  return user;
}

const credentials = { domain: "acme.atlassian.net", email: "pm@acme.test", apiToken: FAKE_JIRA_TOKEN };

describe("the JIRA wizard's server checks", () => {
  it("checks that the site answers as JIRA Cloud", async () => {
    const user = await proUser();
    const fake = new FakeJira();
    mockJira(fake);
    const response = await call("POST", "/api/validate/jira-domain", {
      cookie: user.session,
      body: { domain: "Acme.atlassian.net" },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true, data: { serverTitle: expect.any(String) } });
    expect(fake.requests.map((r) => r.path)).toEqual(["/rest/api/3/serverInfo"]);
  });

  it(`refuses ${HOSTILE_JIRA_DOMAINS.length} hostile domains before any request`, async () => {
    const user = await proUser();
    const mock = mockJira(new FakeJira());
    for (const domain of [...HOSTILE_JIRA_DOMAINS, 42, null]) {
      for (const path of ["/api/validate/jira-domain", "/api/validate/jira-auth", "/api/validate/jira-project"]) {
        const response = await call("POST", path, {
          cookie: user.session,
          body: { ...credentials, projectKey: "SL", domain },
        });
        expect(response.status, `${path} ${JSON.stringify(domain)}`).toBe(400);
        expect((await json(response)).error).toMatch(/Domain is required|Invalid domain format|domain must be text/);
      }
    }
    expect(mock.calls).toHaveLength(0);
  });

  it("does not follow a redirect to another host", async () => {
    const user = await proUser();
    const fake = new FakeJira();
    const mock = mockJira(fake);
    fake.redirectNext("https://evil.example/rest/api/3/serverInfo");
    const response = await call("POST", "/api/validate/jira-domain", {
      cookie: user.session,
      body: { domain: "acme.atlassian.net" },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe(
      "acme.atlassian.net does not answer as a JIRA Cloud site. Check the site name.",
    );
    expect(mock.calls.map((c) => new URL(c.url).host)).toEqual(["acme.atlassian.net"]);
  });

  it("signs in with the email and API token and says who it is", async () => {
    const user = await proUser();
    mockJira(new FakeJira());
    const ok = await call("POST", "/api/validate/jira-auth", { cookie: user.session, body: credentials });
    expect(await json(ok)).toMatchObject({ success: true, data: { displayName: expect.any(String) } });
    const refused = await call("POST", "/api/validate/jira-auth", {
      cookie: user.session,
      body: { ...credentials, apiToken: "wrong-token-123" },
    });
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(body.error).toContain("JIRA refused the email or API token");
    expect(JSON.stringify(body)).not.toContain("wrong-token-123");
    const missing = await call("POST", "/api/validate/jira-auth", {
      cookie: user.session,
      body: { domain: credentials.domain, email: "" },
    });
    expect((await json(missing)).error).toBe("Email and API token are required");
  });

  it("reads the project's name, key and issue types, and says when the project is missing", async () => {
    const user = await proUser();
    mockJira(new FakeJira());
    const ok = await json<{ data: JiraProjectResult }>(
      await call("POST", "/api/validate/jira-project", {
        cookie: user.session,
        body: { ...credentials, projectKey: "sl" },
      }),
    );
    expect(ok.data).toMatchObject({ key: "SL", name: "StoryLoom Demo" });
    expect(ok.data.issueTypes.map((t) => t.name)).toEqual(["Epic", "Story", "Task"]);
    const missing = await call("POST", "/api/validate/jira-project", {
      cookie: user.session,
      body: { ...credentials, projectKey: "NOPE" },
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toContain("The JIRA project NOPE was not found");
    const blank = await call("POST", "/api/validate/jira-project", {
      cookie: user.session,
      body: { ...credentials, projectKey: " " },
    });
    expect((await json(blank)).error).toBe("Project key is required");
  });

  it("is for Pro and Enterprise only, and limited per user", async () => {
    const free = await createUser();
    const mock = mockJira(new FakeJira());
    const refused = await call("POST", "/api/validate/jira-domain", {
      cookie: free.session,
      body: { domain: "acme.atlassian.net" },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toContain("Integrations are only available");
    expect(mock.calls).toHaveLength(0);

    const user = await proUser();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await call("POST", "/api/validate/jira-domain", {
            cookie: user.session,
            body: { domain: "acme.atlassian.net" },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
