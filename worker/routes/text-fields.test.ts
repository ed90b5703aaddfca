import { describe, expect, it } from "vitest";
import { generatedStoriesSchema, type GenerateResponse } from "../../schema/api/transcripts";
import { call, json, unique } from "../test/client";
import { countRows, createProject, createUser } from "../test/factories";

// One of each kind the single-line fields refuse: C0 controls (NUL, line feed, tab, escape) and the bidi controls.
const REFUSED_IN_ONE_LINE = [
  "\u0000",
  "\n",
  "\t",
  "\u001b",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
];
// Multi-line text keeps \n, \r and \t but not the other C0 controls.
// (Form feed and vertical tab are page breaks from pasted PDFs: they become line breaks, tested below.)
const REFUSED_IN_LONG_TEXT = ["\u0000", "\u0007", "\u001f"];
const PASSWORD = "a-very-long-passphrase";
const STORIES = {
  epic: { title: "Epic", description: "", team: "", priority: "High" },
  userStories: [
    { title: "One", description: "", acceptanceCriteria: [], priority: "Low", storyPoints: 1, estimatedHours: 2 },
  ],
};

async function expectRefused(response: Response, message: string) {
  expect(response.status).toBe(400);
  expect(await json(response)).toMatchObject({ success: false, code: "validation_failed", error: message });
}

describe("names, titles and usernames are one line of plain text", () => {
  it("registration refuses them in the username, first and last name", async () => {
    for (const char of REFUSED_IN_ONE_LINE) {
      const username = `ab${char}cd`;
      await expectRefused(
        await call("POST", "/api/register", { body: { username, password: PASSWORD } }),
        "Usernames cannot contain control or text-direction characters.",
      );
      for (const field of ["firstName", "lastName"]) {
        await expectRefused(
          await call("POST", "/api/register", {
            body: { username: unique("n"), password: PASSWORD, [field]: `Ana${char}Lee` },
          }),
          "Names cannot contain control or text-direction characters.",
        );
      }
    }
  });

  it("project names refuse them; descriptions keep line breaks and tabs but no other controls", async () => {
    const user = await createUser();
    for (const char of REFUSED_IN_ONE_LINE) {
      await expectRefused(
        await call("POST", "/api/projects", { cookie: user.session, body: { name: `Alpha${char}Beta` } }),
        "Project names cannot contain control or text-direction characters.",
      );
    }
    for (const char of REFUSED_IN_LONG_TEXT) {
      await expectRefused(
        await call("POST", "/api/projects", {
          cookie: user.session,
          body: { name: "Alpha", description: `One${char}two` },
        }),
        "Descriptions cannot contain control characters.",
      );
    }
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(0);
    const created = await call("POST", "/api/projects", {
      cookie: user.session,
      body: { name: "  Alpha\n", description: "Line one\r\nLine two\tand a tab, \u05e9\u05dc\u05d5\u05dd \u200f(RTL)" },
    });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({
      name: "Alpha",
      description: "Line one\r\nLine two\tand a tab, \u05e9\u05dc\u05d5\u05dd \u200f(RTL)",
    });
  });

  it("a renamed project is held to the same rule", async () => {
    const user = await createUser();
    const project = await createProject(user, { name: "Alpha" });
    await expectRefused(
      await call("PUT", `/api/projects/${project.id}`, { cookie: user.session, body: { name: "gnp.exe\u202eAlpha" } }),
      "Project names cannot contain control or text-direction characters.",
    );
  });

  it("a generation's title refuses them, and its transcript refuses controls other than line breaks and tabs", async () => {
    const user = await createUser();
    const transcript = "Ana: Users need to export reports as CSV.";
    for (const char of REFUSED_IN_ONE_LINE) {
      await expectRefused(
        await call("POST", "/api/generate", { cookie: user.session, body: { transcript, title: `Sync${char}notes` } }),
        "Titles cannot contain control or text-direction characters.",
      );
    }
    for (const char of REFUSED_IN_LONG_TEXT) {
      await expectRefused(
        await call("POST", "/api/generate", { cookie: user.session, body: { transcript: `${transcript}${char}` } }),
        "Transcripts cannot contain control characters.",
      );
    }
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
    const ok = await call("POST", "/api/generate", {
      cookie: user.session,
      body: { transcript: `00:01\t${transcript}\r\nBo: Yes.\n` },
    });
    expect(ok.status).toBe(200);
  });

  it("the story schema (the editor's saves, every generator's answer) refuses them in epic and story titles", () => {
    const message = "Titles cannot contain control or text-direction characters.";
    const story = STORIES.userStories[0]!;
    for (const char of REFUSED_IN_ONE_LINE) {
      for (const stories of [
        { ...STORIES, epic: { ...STORIES.epic, title: `Ep${char}ic` } },
        { ...STORIES, userStories: [{ ...story, title: `O${char}ne` }] },
      ]) {
        expect(generatedStoriesSchema.safeParse(stories).error?.issues[0]?.message).toBe(message);
      }
    }
    const longText = { ...STORIES, userStories: [{ ...story, description: "As a user\nI want\u0000" }] };
    expect(generatedStoriesSchema.safeParse(longText).error?.issues[0]?.message).toBe(
      "Descriptions cannot contain control characters.",
    );
    const lineBreaks = { ...STORIES, epic: { ...STORIES.epic, description: "First line\r\nSecond\tline" } };
    expect(generatedStoriesSchema.safeParse(lineBreaks).success).toBe(true);
  });

  it("a transcript with text-direction marks still generates: the embedded generator keeps them out of titles", async () => {
    const user = await createUser();
    const transcript = [
      "Ana: Users need to export \u200freports\u200f as CSV every week.",
      "Bo: Admins must be able to reset \u202epasswords\u202c for their team.",
      "Cy: We need to show the \u2067\u05e9\u05dc\u05d5\u05dd\u2069 banner on the dashboard.",
    ].join("\n");
    const response = await call("POST", "/api/generate", { cookie: user.session, body: { transcript } });
    // The answer passed the story schema, whose titles refuse the marks; the evidence quotes keep them verbatim.
    expect(response.status).toBe(200);
    const { data } = await json<GenerateResponse>(response);
    expect(data.userStories.flatMap((s) => s.evidence ?? []).some((e) => e.quote.includes("\u200f"))).toBe(true);
  });

  it("a transcript pasted from a PDF keeps its page breaks as line breaks", async () => {
    const user = await createUser();
    const transcript =
      "Ana: Users need to export reports as CSV every week.\fBo: Admins must be able to reset passwords.\u000b";
    const response = await call("POST", "/api/generate", {
      cookie: user.session,
      body: { transcript, title: "Pasted" },
    });
    expect(response.status).toBe(200);
    const saved = await json<{ content: string }>(
      await call("GET", `/api/transcripts/${(await json<GenerateResponse>(response)).transcriptId}`, {
        cookie: user.session,
      }),
    );
    expect(saved.content).toBe(
      "Ana: Users need to export reports as CSV every week.\nBo: Admins must be able to reset passwords.\n",
    );
  });
});
