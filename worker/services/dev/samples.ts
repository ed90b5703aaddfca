import type { GeneratedStories } from "../../../schema/api/transcripts";
import type { Deps } from "../../deps";
import { insertTranscripts, type NewTranscript } from "../../data/transcripts";
import { listProjectsWithStats } from "../../data/projects";
import { requireProject } from "../access";

/**
 * Sample transcripts for local development, the browser tests and the benchmark, until generation exists.
 * Realistic text and stories; every third one (the second of each three) has no stories yet ("Processing").
 */
const SAMPLES: Array<{ title: string; content: string; stories: GeneratedStories }> = [
  {
    title: "Invoice downloads refinement",
    content:
      "Priya: Customers keep emailing support for copies of old invoices.\nTom: So account owners need to download past invoices as PDF themselves.\nPriya: Last 24 months is enough, newest first.\nAisha: And billing contacts should get invoices by email automatically, so owners don't forward them by hand.\nTom: Let's make downloads high priority; emailing can be medium.",
    stories: {
      epic: {
        title: "Self-serve invoice downloads",
        description: "Let account owners find, download and share their invoices without contacting support.",
        timeline: "Q2 2026 (Apr-Jun)",
        team: "Billing",
        priority: "High",
      },
      userStories: [
        {
          title: "Download past invoices as PDF",
          description:
            "As an account owner, I want to download any past invoice as a PDF so that I can send it to finance.",
          acceptanceCriteria: [
            "Given I am an account owner, when I open Billing, then I see invoices from the last 24 months, newest first",
            "When I select Download, then a PDF matching the emailed invoice is saved",
          ],
          priority: "High",
          storyPoints: 5,
          estimatedHours: 12,
        },
        {
          title: "Email invoices to the billing contact",
          description:
            "As an account owner, I want invoices emailed to our billing contact so that I don't forward them by hand.",
          acceptanceCriteria: [
            "When an invoice is issued, then the billing contact receives it by email within an hour",
          ],
          priority: "Medium",
          storyPoints: 3,
          estimatedHours: 6,
        },
      ],
    },
  },
  {
    title: "Savings goals kickoff",
    content:
      "Maya: The big ask from the survey is savings goals with a target amount and a date.\nLeo: Users want to see progress as a percentage on the home screen.\nMaya: Round-ups into a goal are a stretch; not this quarter.\nLeo: Notifications when a goal is reached would be nice.",
    stories: {
      epic: {
        title: "Savings goals",
        description: "Help customers save towards a target with visible progress.",
        team: "Mobile",
        priority: "Medium",
      },
      userStories: [
        {
          title: "Create a savings goal",
          description:
            "As a customer, I want to set a goal with a target amount and date so that I can plan my saving.",
          acceptanceCriteria: ["Given a name, amount and date, when I save, then the goal appears on my home screen"],
          priority: "High",
          storyPoints: 5,
          estimatedHours: 10,
        },
        {
          title: "See goal progress",
          description: "As a customer, I want to see progress as a percentage so that I know how close I am.",
          acceptanceCriteria: ["The home screen shows each goal's saved amount and percentage of the target"],
          priority: "Medium",
          storyPoints: 3,
          estimatedHours: 5,
        },
        {
          title: "Goal reached notification",
          description:
            "As a customer, I want a notification when I reach a goal so that I can celebrate and decide what's next.",
          acceptanceCriteria: ["When the saved amount reaches the target, then a push notification is sent once"],
          priority: "Low",
          storyPoints: 2,
          estimatedHours: 3,
        },
      ],
    },
  },
  {
    title: "SSO audit log sync",
    content:
      "Dana: Enterprise admins need an audit log of SSO sign-ins.\nRaj: Export as CSV for their security reviews, filtered by date range.\nDana: Retain ninety days.",
    stories: {
      epic: {
        title: "SSO audit log",
        description: "Give enterprise admins a searchable, exportable record of SSO sign-ins.",
        team: "Identity",
        priority: "High",
      },
      userStories: [
        {
          title: "Export SSO sign-ins as CSV",
          description:
            "As an enterprise admin, I want to export sign-ins for a date range so that I can run security reviews.",
          acceptanceCriteria: ["Given a date range, when I export, then a CSV of sign-ins in that range downloads"],
          priority: "High",
          storyPoints: 3,
          estimatedHours: 6,
        },
      ],
    },
  },
];

export async function createSampleTranscripts(
  deps: Deps,
  userId: number,
  options: { count: number; projectId: number | null; spreadAcrossProjects?: boolean },
): Promise<number[]> {
  if (options.projectId !== null) await requireProject(deps, userId, options.projectId);
  const projects = await listProjectsWithStats(deps.db, [userId]);
  const names = new Map(projects.map((p) => [p.id, p.name]));
  const now = deps.now();
  const rows: NewTranscript[] = Array.from({ length: options.count }, (_, i) => {
    const sample = SAMPLES[i % SAMPLES.length]!;
    const projectId =
      options.spreadAcrossProjects && projects.length > 0 ? projects[i % projects.length]!.id : options.projectId;
    return {
      ownerId: userId,
      projectId,
      title: options.count > SAMPLES.length ? `${sample.title} #${i + 1}` : sample.title,
      content: sample.content,
      generatedStories: i % 3 === 1 ? null : sample.stories,
      // A second apart so the order is stable; the last one is "now".
      createdAt: now - (options.count - 1 - i) * 1000,
    };
  });
  return insertTranscripts(deps.db, rows, names);
}
