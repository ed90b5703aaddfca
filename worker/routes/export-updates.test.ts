import { describe, expect, it } from "vitest";
import type { ExportResponse, IntegrationType, TranscriptExports } from "../../schema/api/integrations";
import type { GeneratedStories, Transcript, TranscriptPage } from "../../schema/api/transcripts";
import { FakeAzureDevOps } from "../test/azure-devops/fake-azure-devops";
import { mockAzureDevOps } from "../test/azure-devops/mock";
import { call, json } from "../test/client";
import {
  addTeamMember,
  createIntegration,
  createProject,
  createTrackerIntegration,
  createTranscriptWithStories,
  createUser,
  numberedStories,
  setTier,
  type TestUser,
} from "../test/factories";
import { FakeGitHub } from "../test/github/fake-github";
import { mockGitHub } from "../test/github/mock";
import { FakeJira } from "../test/jira/fake-jira";
import { mockJira } from "../test/jira/mock";
import { FakeLinear } from "../test/linear/fake-linear";
import { mockLinear } from "../test/linear/mock";
import { FakeNotion } from "../test/notion/fake-notion";
import { mockNotion } from "../test/notion/mock";
import { FAKE_AZURE_DEVOPS_PROJECT_ID } from "../test/tracker-credentials";

// "Update in …" and "Export as new" (issue 43, item 2) through the real Worker, for each of the five destinations
// behind its contract-checked fake: an edited story rewrites the item it was exported as, exactly once per saved
// version; an added story is created; a deleted one is left in the tracker (Notion's page is written again);
// "Export as new" makes a second epic; and where stories went is readable by the project's people only.

/** What a destination holds, read the same way for all five: the epic's title and each story's key and title. */
interface Held {
  epic: string;
  stories: { key: string; title: string }[];
  /** Write requests the fake has answered so far. */
  writes: () => number;
}

interface Destination {
  type: IntegrationType;
  install(): () => Held;
  /** Whether a story deleted in StoryLoom stays in the destination (trackers) or leaves with the page (Notion). */
  keepsDeleted: boolean;
}

const DESTINATIONS: Destination[] = [
  {
    type: "jira",
    keepsDeleted: true,
    install() {
      const fake = new FakeJira();
      mockJira(fake);
      return () => ({
        epic: fake.issues.find((i) => i.issueTypeName === "Epic")?.summary ?? "",
        stories: fake.issues.filter((i) => i.issueTypeName === "Story").map((i) => ({ key: i.key, title: i.summary })),
        writes: () => fake.requests.filter((r) => r.method !== "GET").length,
      });
    },
  },
  {
    type: "notion",
    keepsDeleted: false,
    install() {
      const fake = new FakeNotion();
      mockNotion(fake);
      return () => {
        const page = fake.pages().find((p) => p.parentId === fake.parentPageId && !p.inTrash);
        const headings = page ? fake.blocksOf(page.id).filter((b) => b.type === "heading_2") : [];
        return {
          epic: page?.title ?? "",
          stories: headings.map((b) => ({
            key: page!.id,
            title: ((b.content.rich_text ?? []) as { text: { content: string } }[]).map((r) => r.text.content).join(""),
          })),
          writes: () => fake.calls.filter((c) => c.method !== "GET").length,
        };
      };
    },
  },
  {
    type: "linear",
    keepsDeleted: true,
    install() {
      const fake = new FakeLinear();
      mockLinear(fake);
      return () => ({
        epic: fake.issues.find((i) => i.parentId === null)?.title ?? "",
        stories: fake.issues.filter((i) => i.parentId !== null).map((i) => ({ key: i.identifier, title: i.title })),
        writes: () => fake.requests.filter((r) => r.operation === "mutation").length,
      });
    },
  },
  {
    type: "github",
    keepsDeleted: true,
    install() {
      const fake = new FakeGitHub();
      mockGitHub(fake);
      return () => ({
        epic: fake.issues.find((i) => i.parent === null)?.title ?? "",
        stories: fake.issues.filter((i) => i.parent !== null).map((i) => ({ key: `#${i.number}`, title: i.title })),
        writes: () => fake.requests.filter((r) => r.method !== "GET").length,
      });
    },
  },
  {
    type: "azure-devops",
    keepsDeleted: true,
    install() {
      const fake = new FakeAzureDevOps({
        projects: [{ id: FAKE_AZURE_DEVOPS_PROJECT_ID, name: "StoryLoom Demo", process: "Agile" }],
      });
      mockAzureDevOps(fake);
      const title = (item: { fields: Record<string, unknown> }) => String(item.fields["System.Title"]);
      return () => ({
        epic: title(fake.workItems.find((w) => w.parentId === null) ?? { fields: {} }),
        stories: fake.workItems.filter((w) => w.parentId !== null).map((w) => ({ key: String(w.id), title: title(w) })),
        writes: () => fake.requests.filter((r) => r.method !== "GET" && !r.path.endsWith("/wiql")).length,
      });
    },
  },
];

async function setUp(destination: Destination) {
  const owner = await createUser();
  await setTier(owner, "enterprise");
  const project = await createProject(owner, { name: "Payments" });
  const integration =
    destination.type === "jira" || destination.type === "notion"
      ? await createIntegration(owner, project.id, destination.type)
      : await createTrackerIntegration(owner, project.id, destination.type);
  const transcriptId = await createTranscriptWithStories(owner, project.id, { count: 3 });
  const held = destination.install();
  const send = async (mode: "create" | "update" | "new", user: TestUser = owner) =>
    call("POST", `/api/transcripts/${transcriptId}/export/${destination.type}`, {
      cookie: user.session,
      body: { integrationId: integration.id, mode },
    });
  const where = async (user: TestUser = owner) =>
    call("GET", `/api/transcripts/${transcriptId}/exports`, { cookie: user.session });
  return { owner, project, integration, transcriptId, held, send, where };
}

/** Saves `change(stories)` as the transcript's next version, as the editor does. */
async function edit(user: TestUser, transcriptId: number, change: (stories: GeneratedStories) => void) {
  const transcript = await json<Transcript>(
    await call("GET", `/api/transcripts/${transcriptId}`, { cookie: user.session }),
  );
  const stories = structuredClone(transcript.generatedStories!);
  change(stories);
  const saved = await call("PUT", `/api/transcripts/${transcriptId}/stories`, {
    cookie: user.session,
    body: { storiesVersion: transcript.storiesVersion, stories },
  });
  expect(saved.status).toBe(200);
}

const summaryOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await json<ExportResponse>(response)).data.data;
};

describe.each(DESTINATIONS)("Update in $type", (destination) => {
  it("sends an edited story to the item it was exported as, once per saved version, and adds new ones", async () => {
    const { owner, transcriptId, held, send, where } = await setUp(destination);
    await summaryOf(await send("create"));
    const before = held();
    const titles = numberedStories(3).userStories.map((s) => s.title);
    expect(before.stories.map((s) => s.title)).toEqual(titles);
    expect((await json<TranscriptExports>(await where())).exports).toEqual([
      expect.objectContaining({
        type: destination.type,
        status: "complete",
        storiesChanged: 0,
        epicChanged: false,
        copies: 1,
      }),
    ]);
    // History's card says where they went, with the epic's link.
    const page = await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: owner.session }));
    expect(page.transcripts.find((t) => t.id === transcriptId)?.sentTo).toEqual([
      { type: destination.type, name: expect.any(String), epicKey: expect.any(String), epicUrl: expect.any(String) },
    ]);

    // Story 2 edited, story 3 deleted, a new story added: two to send, one left behind.
    await edit(owner, transcriptId, (stories) => {
      stories.userStories[1]!.title = "Story 2: customers can pay by bank transfer";
      stories.userStories.splice(2, 1);
      stories.userStories.push({ ...stories.userStories[0]!, title: "Story 4: customers get a receipt by email" });
    });
    const [changed] = (await json<TranscriptExports>(await where())).exports;
    expect(changed).toMatchObject({ storiesChanged: 2, epicChanged: false });

    const updated = await summaryOf(await send("update"));
    expect(updated).toMatchObject({
      alreadyExported: false,
      summary: {
        storiesUpdated: 1,
        storiesCreated: 1,
        epicCreated: false,
        storiesLeft: destination.keepsDeleted ? 1 : 0,
      },
    });
    const after = held();
    const expected = [titles[0], "Story 2: customers can pay by bank transfer"];
    if (destination.keepsDeleted) {
      // The edited story is still the item it was (same key), the deleted one is left as it was.
      expect(after.stories.find((s) => s.key === before.stories[1]!.key)?.title).toBe(expected[1]);
      expect(after.stories.map((s) => s.title)).toEqual([
        ...expected,
        titles[2],
        "Story 4: customers get a receipt by email",
      ]);
    } else {
      // Notion: the same page, written again with the stories as saved.
      expect(after.stories.map((s) => s.key)).toEqual(Array(3).fill(before.stories[0]!.key));
      expect(after.stories.map((s) => s.title)).toEqual([...expected, "Story 4: customers get a receipt by email"]);
    }
    expect((await json<TranscriptExports>(await where())).exports[0]).toMatchObject({
      storiesChanged: 0,
      syncedAt: expect.any(String),
    });

    // The same version again: nothing is sent.
    const writes = after.writes();
    expect(await summaryOf(await send("update"))).toMatchObject({ alreadyExported: true });
    expect(held().writes()).toBe(writes);
  });

  it("sends an edited epic, and Export as new makes a second, separate epic", async () => {
    const { owner, transcriptId, held, send, where } = await setUp(destination);
    await summaryOf(await send("create"));
    const [first] = (await json<TranscriptExports>(await where())).exports;
    await edit(owner, transcriptId, (stories) => {
      stories.epic.title = "Checkout, redesigned";
    });
    expect((await json<TranscriptExports>(await where())).exports[0]).toMatchObject({
      epicChanged: true,
      storiesChanged: 0,
    });
    expect(await summaryOf(await send("update"))).toMatchObject({ summary: { storiesUpdated: 0, storiesCreated: 0 } });
    expect(held().epic).toBe("Checkout, redesigned");
    // the export keeps its own time; the update has its own
    expect((await json<TranscriptExports>(await where())).exports[0]).toMatchObject({
      exportedAt: first!.exportedAt,
      syncedAt: expect.any(String),
    });

    const copy = await summaryOf(await send("new"));
    expect(copy).toMatchObject({ alreadyExported: false, summary: { epicCreated: true, storiesCreated: 3 } });
    expect((await json<TranscriptExports>(await where())).exports).toEqual([
      expect.objectContaining({ copies: 2, status: "complete", storiesChanged: 0 }),
    ]);
  });

  it("answers 404 to a member and an admin of another team, and lets a member of the project's team read it", async () => {
    const { owner, send, where } = await setUp(destination);
    await summaryOf(await send("create"));
    const otherOwner = await createUser();
    const otherAdmin = await createUser();
    const otherMember = await createUser();
    await setTier(otherOwner, "enterprise");
    await addTeamMember(otherOwner, otherAdmin, "admin");
    await addTeamMember(otherOwner, otherMember, "member");
    for (const stranger of [otherOwner, otherAdmin, otherMember]) {
      expect((await where(stranger)).status).toBe(404);
      expect((await send("update", stranger)).status).toBe(404);
      expect((await send("new", stranger)).status).toBe(404);
    }
    const member = await createUser();
    await addTeamMember(owner, member, "member");
    expect((await json<TranscriptExports>(await where(member))).exports).toHaveLength(1);
  });
});

describe("an update the tracker refuses", () => {
  it("answers the tracker's error, and a later update sends the edit again", async () => {
    const github = DESTINATIONS.find((d) => d.type === "github")!;
    let refuseNext = () => {};
    const { owner, transcriptId, send, where } = await setUp({
      ...github,
      install() {
        const fake = new FakeGitHub();
        mockGitHub(fake);
        refuseNext = () => fake.failNext(2, { status: 502 }); // (an edit is retried once)
        return () => ({ epic: "", stories: [], writes: () => fake.requests.length });
      },
    });
    await summaryOf(await send("create"));
    await edit(owner, transcriptId, (stories) => {
      stories.userStories[0]!.title = "Story 1: customers can pay with a saved card";
    });
    refuseNext();
    const refused = await send("update");
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ success: false, error: expect.stringMatching(/GitHub/) });
    // nothing was recorded as sent: the edit still waits, and the next update sends it
    expect((await json<TranscriptExports>(await where())).exports[0]).toMatchObject({ storiesChanged: 1 });
    expect(await summaryOf(await send("update"))).toMatchObject({ summary: { storiesUpdated: 1 } });
    expect((await json<TranscriptExports>(await where())).exports[0]).toMatchObject({ storiesChanged: 0 });
  });
});

describe("export modes", () => {
  it("refuses a mode it does not know with a 400 in the shared shape", async () => {
    const { transcriptId, integration, owner } = await setUp(DESTINATIONS[0]!);
    const response = await call("POST", `/api/transcripts/${transcriptId}/export/jira`, {
      cookie: owner.session,
      body: { integrationId: integration.id, mode: "overwrite" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
  });
});
