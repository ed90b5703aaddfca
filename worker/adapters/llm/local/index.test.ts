import { describe, expect, it } from "vitest";
import { generatedStoriesSchema } from "../../../../schema/api/transcripts";
import { FIXTURES } from "./fixtures";
import { extract } from "./extract";
import { createLocalGenerator, generateStories } from "./index";
import { parseTranscript } from "./normalize";
import { leakedTokens, madeRejectedStory } from "./quality";

const MEETING = [
  "Ana: Okay, um, two things today. Customers need to be able to export their invoices as PDF, it's the top complaint.",
  "Ben: [inaudible] uh that's small, maybe a 3.",
  "Ana: And let's not do the Xero integration, that's out of scope for this quarter.",
  "Ben: (laughter) fine. Also admins should see a monthly usage report so they can plan budgets.",
  "Ana: Usage report is a nice to have, low priority.",
].join("\n");

describe("local story generator", () => {
  it("writes well-formed stories with criteria, sizing and evidence", async () => {
    const result = await createLocalGenerator().generate({ transcript: MEETING, title: "Billing sync" });
    expect(result.userStories.length).toBeGreaterThanOrEqual(2);
    for (const story of result.userStories) {
      expect(story.description).toMatch(/^As an? [^,]+, I want .+/);
      expect(story.acceptanceCriteria.length).toBeGreaterThanOrEqual(2);
      expect(story.acceptanceCriteria.length).toBeLessThanOrEqual(5);
      expect([1, 2, 3, 5, 8, 13]).toContain(story.storyPoints);
      expect(Number.isInteger(story.estimatedHours) && story.estimatedHours >= 0).toBe(true);
      expect(["High", "Medium", "Low"]).toContain(story.priority);
      expect(story.evidence?.length).toBeGreaterThan(0);
    }
    const invoices = result.userStories.find((s) => /invoice/i.test(s.description));
    expect(invoices?.description).toMatch(/^As a customer, I want to export my invoices as PDF/);
    expect(invoices?.storyPoints).toBe(3);
    expect(invoices?.estimatedHours).toBe(12);
    const report = result.userStories.find((s) => /usage report/i.test(s.description));
    expect(report?.priority).toBe("Low");
    expect(result.epic.title.length).toBeGreaterThan(0);
  });

  it("never turns a rejected idea into a story", () => {
    const result = generateStories(MEETING);
    expect(result.userStories.some((s) => /xero/i.test(JSON.stringify({ ...s, evidence: [] })))).toBe(false);
    for (const { name, transcript, gold } of FIXTURES) {
      const stories = generateStories(transcript).userStories;
      for (const item of gold.rejected) expect(stories.filter((s) => madeRejectedStory(s, item)).map((s) => `${name}: ${s.title}`)).toEqual([]);
    }
  });

  it("keeps annotations and fillers out of every story", () => {
    for (const { transcript } of [{ transcript: MEETING }, ...FIXTURES]) expect(leakedTokens(generateStories(transcript))).toEqual([]);
  });

  it("cuts evidence verbatim from the original text at the stated offsets", () => {
    for (const { transcript } of [{ transcript: MEETING }, ...FIXTURES]) {
      for (const story of generateStories(transcript).userStories) {
        for (const e of story.evidence ?? []) {
          expect(e.quote.length).toBeGreaterThan(0);
          expect(transcript.slice(e.start, e.end)).toBe(e.quote);
        }
      }
    }
  });

  it("keeps offsets right with Windows line endings and non-ASCII text", () => {
    const transcript = `Zoë: Café owners need to be able to print receipts — a must have.\r\nJosé: Yeah, that's high.\r\n`;
    const [story] = generateStories(transcript).userStories;
    expect(story?.priority).toBe("High");
    for (const e of story?.evidence ?? []) expect(transcript.slice(e.start, e.end)).toBe(e.quote);
    expect(story?.evidence?.[0]?.quote).toMatch(/^Café owners need to be able to print receipts/);
  });

  it("returns output the API schema accepts, even for a wall of unpunctuated text", () => {
    const wall = Array.from({ length: 3000 }, (_, i) => (i % 50 === 0 ? "users need to export reports" : "word")).join(" ");
    for (const transcript of [wall, MEETING, ...FIXTURES.map((f) => f.transcript)]) {
      expect(generatedStoriesSchema.safeParse(generateStories(transcript)).success).toBe(true);
    }
  });

  it("gives the same output for the same input", () => {
    for (const { transcript } of FIXTURES) expect(JSON.stringify(generateStories(transcript, "t"))).toBe(JSON.stringify(generateStories(transcript, "t")));
  });

  it("writes spoken asks without their preambles and restarts", () => {
    const [referred] = generateStories("Ana: Like Ben said before, on the home station we need a button that makes the remote beep.").userStories;
    expect(referred?.title).toBe("Button that makes remote beep");
    expect(referred?.description).toMatch(/^As a user, I want a button that makes the remote beep,/);
    const [restarted] = generateStories("Ana: we need a bu button under the on the home station.").userStories;
    expect(restarted?.description).toMatch(/^As a user, I want a button on the home station,/);
    const [alternative] = generateStories("Ana: Or we should make the buttons yellow so they match our logo.").userStories;
    expect(alternative?.acceptanceCriteria[0]).toMatch(/^We should make the buttons yellow/);
  });

  it("finds the ask inside messy spoken sentences", () => {
    // A verb that happens to start like an article ("add", "aim") still makes the ask an action.
    const [added] = generateStories("Ana: We need to add an export button to the report page.").userStories;
    expect(added?.description).toMatch(/^As a user, I want an export button to the report page,/);
    const [aimed] = generateStories("Ana: So in some sense we're gonna have to aim for a device which is fairly conventional in design.").userStories;
    expect(aimed?.description).toMatch(/^As a user, I want a device which is fairly conventional in design,/);
    // The ask after a spoken preamble, up to the next clause; a thing described by what it does; no broken-off ending.
    const [preamble] = generateStories("Ana: Personal preferences, besides the fact that I can't spell, we need a long-lasting energy source, people don't wanna be changing it a lot.").userStories;
    expect(preamble?.description).toMatch(/^As a user, I want a long-lasting energy source,/);
    const described = generateStories("Ana: Do we want something to find it if it's lost?\nBen: Yeah.\nAna: A button on the TV you can press and the remote beeps.").userStories.find((s) => /button/.test(s.description));
    expect(described?.description).toMatch(/^As a user, I want a button on the TV you can press and the remote beeps,/);
    const [broken] = generateStories("Ana: So we have to make a chip that produces infrared patterns for the television to, to\nBen: Yeah, that's right.").userStories;
    expect(broken?.description).toMatch(/^As a user, I want the product to make a chip that produces infrared patterns for the television, so that/);
    expect(broken?.acceptanceCriteria[0]).toBe("We have to make a chip that produces infrared patterns for the television.");
    // The rule in the last clause is about the thing being built; "which is" with no comma describes it.
    const [rule, , described2] = generateStories(
      [
        "Ana: No, I just got an email from the coach and it should be a TV remote only.",
        "Ben: Okay.",
        "Cleo: Elderly people want a simple remote with big buttons.",
        "Ben: Yeah.",
        "Cleo: We need a remote which is fancy, which is easy to hold.",
      ].join("\n"),
    ).userStories;
    expect(rule?.title).toBe("TV remote only");
    expect(rule?.description).toMatch(/^As a user, I want the product to be a TV remote only,/);
    expect(described2?.description).toMatch(/^As a user, I want a remote which is fancy,/);
    const [ordinal] = generateStories("Ana: Finally, it should be clear that the company logo must be visible on the remote.").userStories;
    expect(ordinal?.description).toMatch(/^As a user, I want the company logo to be visible on the remote,/);
  });

  it("keeps remarks on a topic named at the start of a turn in one story", () => {
    // "And export. The auditor literally asked for a CSV ..." and, two turns later, "Export should respect whatever
    // filters are applied" are one feature.
    const stories = generateStories(FIXTURES.find((f) => f.name === "synthetic/sso-audit-refinement")!.transcript).userStories;
    const text = (s: (typeof stories)[number]) => [s.title, s.description, ...s.acceptanceCriteria].join(" ");
    const csv = stories.filter((s) => /\bCSV\b/.test(text(s)));
    expect(csv).toHaveLength(1);
    expect(text(csv[0]!)).toMatch(/respect whatever filters/);
  });

  it("reads a recap as the meeting's list of what it agreed", () => {
    const meeting = [
      "Dana: Next, the audit log viewer for admins.",
      "Yuki: For the viewer, I'm thinking a table: timestamp, actor, action, target. Newest first.",
      "Marcus: Before and after values are harder. Not every call site has the old value.",
      "Dana: Let's do before and after for settings changes only and call it good.",
      "Marcus: Customers also want to export invoices as PDF, that's a must have.",
      "Dana: Okay, let me recap. Viewer with before and after for settings, medium. Invoice PDF export, high. Splunk streaming of audit events, low.",
    ].join("\n");
    const stories = generateStories(meeting).userStories;
    const byTitle = (re: RegExp) => stories.filter((s) => re.test(s.title));
    // A recap item joins the story it restates; "let's do X" settles on X, and is not taken for a reply to the next ask.
    expect(byTitle(/before and after/i)).toHaveLength(1);
    expect(byTitle(/before and after/i)[0]!.acceptanceCriteria.join(" ")).toMatch(/Viewer with before and after for settings/);
    expect(byTitle(/invoices/i)[0]!.acceptanceCriteria.join(" ")).not.toMatch(/before and after/);
    // An item only the recap names still becomes a story, with the recap's priority.
    expect(byTitle(/splunk/i).map((s) => s.priority)).toEqual(["Low"]);
    expect(stories.some((s) => /recap/i.test(JSON.stringify({ ...s, evidence: [] })))).toBe(false);
    // A recap as a feature is still a feature.
    expect(generateStories("Ana: Customers need a weekly recap email with their top projects.\nBen: Agreed.").userStories.map((s) => s.title)).toEqual([
      "Weekly recap email with top projects",
    ]);
  });

  it("keeps a speaker's description together past other people's \"yeah\"", () => {
    const meeting = [
      "Anna: Remote controls get lost all the time, people hate it.",
      "Paul: So we want something to find it if it's lost. Like a button on the TV you can press",
      "Mia: Yeah.",
      "Paul: and then the remote will ring or beep.",
      "Mia: We also need large buttons for the essential things, volume and channels.",
    ].join("\n");
    const stories = generateStories(meeting).userStories;
    const text = (s: (typeof stories)[number]) => [s.title, s.description, ...s.acceptanceCriteria].join(" ");
    const finder = stories.filter((s) => /\bbeep\b/.test(text(s)));
    expect(finder).toHaveLength(1);
    expect(text(finder[0]!)).toMatch(/lost/);
    expect(text(finder[0]!)).toMatch(/button on the TV/);
    expect(stories.filter((s) => /large buttons/i.test(text(s))).map((s) => /beep|TV you can press/.test(text(s)))).toEqual([false]);
  });

  it("takes a question the room agrees to as a proposal of its own", () => {
    const meeting = ["Ana: Customers need to be able to export invoices as PDF.", "Ben: Do we need a long-life battery in the scanner?", "Cara: Yeah, definitely.", "Ana: Yes."].join("\n");
    const stories = generateStories(meeting).userStories;
    expect(stories.map((s) => s.title)).toEqual(["Export invoices as PDF", "Long-life battery in scanner"]);
    expect(stories[1]!.acceptanceCriteria).toContain("We need a long-life battery in the scanner.");
    expect(stories[0]!.acceptanceCriteria.join(" ")).not.toMatch(/battery/);
  });

  it("adds details the room agrees to later in the same discussion", () => {
    const meeting = (answer: string) =>
      [
        "Ana: If you press any button, the keys must light up for a few seconds so you can find the others.",
        "Ben: Yeah, that's good.",
        "Ana: Okay, we take that one.",
        "Cleo: Yep.",
        "Ana: And what else do we have.",
        "Cleo: Also the one at night.",
        "Cleo: So the keys light up when it's dark?",
        `Ana: ${answer}`,
        "Ben: We also need a long-lasting battery, people hate changing it.",
        "Cleo: Yeah.",
        "Ana: I wonder what the casing costs.",
        "Ben: No idea.",
        "Cleo: Hmm, hard to say.",
        "Ana: Anyway.",
        "Cleo: But you could maybe keep it in a little charging cradle on the shelf.",
        "Ana: Yeah, that's possible.",
        "Ben: So a rechargeable battery then.",
      ].join("\n");
    const criteria = (answer: string) => generateStories(meeting(answer)).userStories.map((s) => s.acceptanceCriteria.join(" "));
    // A check answered yes, six units on, and a fallback accepted by the room, tied to the battery by "rechargeable battery".
    const [keys, battery] = criteria("Yeah, that would be the same.");
    expect(keys).toMatch(/The keys light up when it's dark\./);
    expect(battery).toMatch(/charging cradle/);
    expect(keys).not.toMatch(/cradle/);
    // A check answered no is not a detail of the story.
    expect(criteria("No, only when pressed.")[0]).not.toMatch(/dark/);
  });

  it("puts agreed details before the story's own open questions when criteria run short", () => {
    const meeting = [
      "Mia: Also the design should fit the hand shape.",
      "Ian: So should the design fit the left hand shape or the right hand shape?",
      "Tom: The hand shape must not make it too small either.",
      "Ian: It can still extend past the hand a bit.",
      "Mia: Okay.",
      "Tom: Something with the shape of the palm?",
      "Mia: Yeah.",
      "Ian: Some finger grips maybe.",
      "Mia: Yeah.",
    ].join("\n");
    const [story] = generateStories(meeting).userStories;
    expect(story?.acceptanceCriteria).toEqual([
      "The design should fit the hand shape.",
      "The hand shape must not make it too small either.",
      "Something with the shape of the palm.",
      "Some finger grips maybe.",
      "The design should fit the left hand shape or the right hand shape.",
    ]);
  });

  it("reads a list of requirements someone was handed as requirements", () => {
    const meeting = (opening: string) =>
      [
        `Dana: ${opening}`,
        "Dana: First, the remote should only work with the television.",
        "Eli: Only the TV?",
        "Dana: Yes. And finally, the company logo should be clearly visible on the product.",
        "Eli: Okay.",
      ].join("\n");
    const logo = (t: string) => extract(parseTranscript(t)).candidates.find((u) => /logo/.test(u.text))!.score;
    expect(logo(meeting("We had some new requirements from head office."))).toBeGreaterThan(logo(meeting("Good morning, let's get going.")) * 1.4);
  });

  it("weighs a \"because ...\" less than the same words said as a point of their own", () => {
    // "Because ..." explains something already said: the ask is the thing it explains.
    const reason = (lead: string) => ["Ana: We should have a scroll wheel for the channels.", `Ben: ${lead}most channels are two digit numbers and you have to press twice.`, "Ana: Right."].join("\n");
    const score = (t: string) => extract(parseTranscript(t)).candidates.find((u) => /digit/.test(u.text))!.score;
    expect(score(reason("Because "))).toBeLessThan(score(reason("")) * 0.6);
  });

  it("does not make a story of a description the room only follows with \"yeah\"", () => {
    const followed = ["Ana: The chip sends the pattern to the infrared bulb when he configures the television.", "Ben: Yeah.", "Cara: We need large buttons for volume and channels.", "Ben: Yeah."].join("\n");
    expect(generateStories(followed).userStories.map((s) => s.title)).toEqual(["Large buttons for volume"]);
  });

  it("hears \"maybe just a ...\" as a feature floated without a verb", () => {
    const meeting = "Ana: Remotes get lost under the sofa all the time.\nBen: Maybe just a button on the charging dock.";
    expect(extract(parseTranscript(meeting)).candidates.map((u) => u.text)).toContain("Maybe just a button on the charging dock.");
  });

  it("names the epic after the meeting's themes in the meeting's own words", () => {
    const epicOf = (name: string) => generateStories(FIXTURES.find((f) => f.name === name)!.transcript).epic;
    expect(epicOf("synthetic/sso-audit-refinement").title).toBe("SSO and audit log");
    expect(epicOf("synthetic/recipe-shopping-list-slack-note").title).toBe("Shopping list");
    // "remote control" is one name: never split into two themes.
    for (const name of ["ami/ES2008b", "ami/IS1004b", "ami/TS3004b"]) expect(epicOf(name).title).toMatch(/\bremote control\b/i);
    // "This is our functional design meeting": the name of the meeting is not what it is about.
    expect(epicOf("ami/ES2008b").title).not.toMatch(/functional/i);
  });

  it("takes the epic's timeline from a delivery date, not any month mentioned", () => {
    const epicOf = (name: string) => generateStories(FIXTURES.find((f) => f.name === name)!.transcript).epic;
    expect(epicOf("synthetic/savings-goals-zoom-kickoff").timeline).toBe("October"); // "must haves for October", in the recap
    expect(epicOf("synthetic/fitness-weekly-sync-offtopic").timeline).toBe("Next release");
    expect(epicOf("synthetic/sso-audit-refinement").timeline).toBeUndefined(); // "everything this user did in June"
  });

  it("handles empty and requirement-free transcripts", () => {
    expect(generateStories("").userStories).toEqual([]);
    const chat = generateStories("Ben: Did anyone watch the game?\nNaomi: No, I was at the ramen place.");
    expect(chat.userStories).toEqual([]);
    expect(chat.epic.title.length).toBeGreaterThan(0);
  });

  it("handles 50,000 characters of several meetings joined", () => {
    let text = "";
    for (let i = 0; text.length < 50_000; i++) text += `${FIXTURES[i % FIXTURES.length]!.transcript}\n`;
    // How fast is measured by `npm run bench` (POST /api/generate in workerd) and `npm run eval:stories`.
    const result = generateStories(text.slice(0, 50_000));
    expect(generatedStoriesSchema.safeParse(result).success).toBe(true);
    expect(result.userStories.length).toBeGreaterThan(0);
  });
});
