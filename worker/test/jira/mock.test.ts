import { describe, expect, it } from "vitest";
import { createHttpJira } from "../../adapters/jira/http";
import { FAKE_JIRA_TOKEN, FakeJira } from "./fake-jira";
import { mockJira } from "./mock";

const credentials = { domain: "acme.atlassian.net", email: "pm@example.com", apiToken: FAKE_JIRA_TOKEN };

describe("mockJira", () => {
  it("answers any *.atlassian.net site from the emulator and records every fetch", async () => {
    const fake = new FakeJira();
    const mock = mockJira(fake);
    const jira = createHttpJira({ apiBase: null });
    await jira.myself(credentials);
    await jira.myself({ ...credentials, domain: "other-site.atlassian.net" });
    expect(mock.calls.map((c) => c.url)).toEqual([
      "https://acme.atlassian.net/rest/api/3/myself",
      "https://other-site.atlassian.net/rest/api/3/myself",
    ]);
    expect(fake.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/rest/api/3/myself", 200],
      ["GET", "/rest/api/3/myself", 200],
    ]);
  });

  it("answers a fake's base (JIRA_API_BASE) when given one", async () => {
    const apiBase = new URL("http://127.0.0.1:12113");
    const fake = new FakeJira();
    const mock = mockJira(fake, { apiBase });
    await createHttpJira({ apiBase }).project(credentials, "SL");
    expect(mock.calls.map((c) => c.url)).toEqual(["http://127.0.0.1:12113/rest/api/3/project/SL"]);
  });

  it.fails("fails the test on a request to any other host, even when the code under test swallows it", async () => {
    mockJira(new FakeJira());
    await fetch("https://example.com/rest/api/3/myself").catch(() => undefined);
  });

  it.fails("fails the test on a look-alike host", async () => {
    mockJira(new FakeJira());
    await fetch("https://acme.atlassian.net.evil.com/rest/api/3/myself").catch(() => undefined);
  });

  it.fails(
    "fails the test when the emulator throws (a request it does not model), even if the 500 is swallowed",
    async () => {
      mockJira(new FakeJira());
      await fetch("https://acme.atlassian.net/rest/api/3/priority/search").catch(() => undefined);
    },
  );
});
