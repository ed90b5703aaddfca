import type { JiraCreateFields, JiraCredentials, JiraFoundIssue, JiraIssueFields } from "../../adapters/jira";
import { epicDescription, storyDescription } from "../../adapters/jira/adf";
import { issueFields, jiraSummary } from "../../adapters/jira/fields";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { exportIssueTypes } from "./jira-checks";
import { openSecret } from "./index";
import { backlogSession, exportSetup, type ReviewRequest } from "./backlog-review";
import { linkAfterCreate, placeBeforeCreate, placementCounts } from "./placements";
import {
  prepareExport,
  runExport,
  sendWrite,
  type ExportAttempt,
  type ExportJob,
  type ExportMode,
  type ExportOutcome,
} from "./exports";
import { jiraFailure } from "./upstream-errors";

// Export to JIRA (docs/product-spec.md §7; issue "JIRA export, done right"): the epic first, then the stories as its children in
// bulk requests of at most 50. For a 12-story export that is 5 requests: the project, the create metadata of the
// epic and story types, the epic, one bulk create. Everything created carries the labels `storyloom` and
// `storyloom-{ref}`, the record's marker, which is how an attempt after an unanswered create finds what was made.

/** JIRA's documented maximum of issues per bulk create. */
export const JIRA_BULK_LIMIT = 50;

export async function exportToJira(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  const job = await prepareExport(deps, userId, transcriptId, integrationId, "jira");
  const settings = job.integration.settings;
  if (!("domain" in settings)) throw new Error(`Integration ${job.integration.id} has no JIRA settings`);
  const credentials: JiraCredentials = {
    domain: settings.domain,
    email: settings.email,
    apiToken: await openSecret(deps, job.integration),
  };
  const failure = (error: unknown) => jiraFailure(error, { domain: settings.domain, projectKey: settings.projectKey });
  let target: Promise<JiraTarget> | null = null;
  const readTarget = () => (target ??= jiraTarget(deps, credentials, settings.projectKey));
  /** Sets an exported issue's fields to the story's (or the epic's); what only create may set is left out. */
  const rewrite = async (key: string, draft: (t: JiraTarget) => JiraIssueFields) => {
    try {
      const fields = draft(await readTarget());
      delete fields.project;
      delete fields.issuetype;
      delete fields.labels;
      delete fields.parent;
      await deps.jira.updateIssue(credentials, key, fields);
    } catch (error) {
      throw failure(error);
    }
  };
  return runExport(
    deps,
    userId,
    job,
    {
      async create(attempt) {
        try {
          return await createMissing(deps, job, attempt, credentials, await readTarget());
        } catch (error) {
          throw failure(error);
        }
      },
      rewrite: {
        epic: (_attempt, epicKey) =>
          rewrite(epicKey, (t) =>
            issueFields(
              {
                projectKey: t.projectKey,
                issueTypeId: t.types.epic.id,
                summary: job.stories.epic.title,
                description: epicDescription(job.stories.epic),
                priority: job.stories.epic.priority,
                labels: [],
              },
              t.epicMeta,
            ),
          ),
        story: (_attempt, key, story, _position, epicKey) =>
          rewrite(key, (t) => storyFields(story, t.projectKey, t.types.story.id, t.storyMeta, [], epicKey)),
      },
    },
    mode,
    await exportSetup(deps, userId, job, review),
  );
}

/** The project, its epic and story types and what each may set: read once per attempt. */
interface JiraTarget {
  projectKey: string;
  types: ReturnType<typeof exportIssueTypes>;
  epicMeta: JiraCreateFields;
  storyMeta: JiraCreateFields;
}

async function jiraTarget(deps: Deps, credentials: JiraCredentials, projectKey: string): Promise<JiraTarget> {
  const project = await deps.jira.project(credentials, projectKey);
  const types = exportIssueTypes(project);
  const [epicMeta, storyMeta] = await Promise.all([
    deps.jira.createFields(credentials, project.key, types.epic.id),
    deps.jira.createFields(credentials, project.key, types.story.id),
  ]);
  return { projectKey: project.key, types, epicMeta, storyMeta };
}

async function createMissing(
  deps: Deps,
  job: ExportJob,
  attempt: ExportAttempt,
  credentials: JiraCredentials,
  target: JiraTarget,
): Promise<ExportOutcome> {
  const { jira } = deps;
  const { epic, userStories } = job.stories;
  const { types, epicMeta, storyMeta } = target;
  const project = { key: target.projectKey };
  const labels = ["storyloom", `storyloom-${attempt.record.ref}`];

  // Stories were edited since an earlier, partial attempt: keys follow positions, the list follows the stories.
  let keys = Array.from({ length: userStories.length }, (_, i) => attempt.record.storyKeys[i] ?? null);
  let epicKey = attempt.record.targetKey;
  if (attempt.record.inDoubt) {
    ({ epicKey, keys } = await adoptCreated(
      deps,
      attempt,
      credentials,
      project.key,
      types.epic.name,
      epicKey,
      keys,
      userStories.map((s) => jiraSummary(s.title)),
    ));
  }

  const placing = backlogSession(deps, job.integration, credentials.apiToken);
  // The review's placements are by the first export's positions: an update's added stories are simply created.
  const reviewed = attempt.record.storyHashes.length === 0;
  if (reviewed) keys = await placeBeforeCreate(attempt, keys, userStories, placing, deps.now());

  let epicCreated = false;
  if (!epicKey) {
    const fields = issueFields(
      {
        projectKey: project.key,
        issueTypeId: types.epic.id,
        summary: epic.title,
        description: epicDescription(epic),
        priority: epic.priority,
        labels,
      },
      epicMeta,
    );
    const created = await sendWrite(attempt, () => jira.createIssue(credentials, fields));
    epicKey = created.key;
    epicCreated = true;
    await attempt.save({
      targetKey: created.key,
      targetUrl: jira.browseUrl(credentials.domain, created.key),
      inDoubt: false,
      storyKeys: keys,
    });
  }

  const missing = keys.flatMap((key, position) => (key === null ? [position] : []));
  const failures: { position: number; message: string }[] = [];
  let storiesCreated = 0;
  for (let start = 0; start < missing.length; start += JIRA_BULK_LIMIT) {
    const positions = missing.slice(start, start + JIRA_BULK_LIMIT);
    const batch: JiraIssueFields[] = positions.map((position) =>
      storyFields(userStories[position]!, project.key, types.story.id, storyMeta, labels, epicKey),
    );
    const result = await sendWrite(attempt, () => jira.bulkCreate(credentials, batch));
    for (const issue of result.issues) keys[positions[issue.index]!] = issue.key;
    for (const error of result.errors) failures.push({ position: positions[error.index]!, message: error.message });
    storiesCreated += result.issues.length;
    keys = [...keys];
    await attempt.save({ storyKeys: keys, inDoubt: false });
  }

  if (failures.length > 0) {
    const first = failures[0]!;
    throw new AppError(
      "upstream_error",
      `JIRA refused ${failures.length} of ${userStories.length} stories (story ${first.position + 1}, "${userStories[first.position]!.title}": ${first.message}). ` +
        `The epic and the other stories were created; export again to create the rest.`,
      { upstream: "jira", details: { failed: failures.map((f) => ({ story: f.position + 1, message: f.message })) } },
    );
  }
  if (reviewed) await linkAfterCreate(attempt, keys, placing);

  const completedAt = deps.now();
  await attempt.save({ completedAt, inDoubt: false });
  return {
    targetKey: epicKey,
    summary: {
      summary: { storiesCreated, epicCreated, ...(reviewed ? placementCounts(attempt.record.placements) : {}) },
      epicUrl: jira.browseUrl(credentials.domain, epicKey),
      alreadyExported: false,
      exportedAt: new Date(completedAt).toISOString(),
    },
  };
}

function storyFields(
  story: ExportJob["stories"]["userStories"][number],
  projectKey: string,
  issueTypeId: string,
  meta: JiraCreateFields,
  labels: string[],
  epicKey: string,
): JiraIssueFields {
  return issueFields(
    {
      projectKey,
      issueTypeId,
      summary: story.title,
      description: storyDescription(story),
      priority: story.priority,
      storyPoints: story.storyPoints,
      estimatedHours: story.estimatedHours,
      labels,
      parentKey: epicKey,
    },
    meta,
  );
}

/**
 * After an unanswered create: finds what this export already made (by its marker label) and records it, the epic
 * by its type and each story under the epic by its summary, in order, so nothing is created twice.
 */
async function adoptCreated(
  deps: Deps,
  attempt: ExportAttempt,
  credentials: JiraCredentials,
  projectKey: string,
  epicTypeName: string,
  epicKey: string | null,
  keys: (string | null)[],
  summaries: string[],
): Promise<{ epicKey: string | null; keys: (string | null)[] }> {
  const found: JiraFoundIssue[] = await deps.jira.findByLabel(
    credentials,
    projectKey,
    `storyloom-${attempt.record.ref}`,
  );
  let epic = epicKey;
  if (!epic) epic = found.find((issue) => issue.issueTypeName === epicTypeName)?.key ?? null;
  const adopted = [...keys];
  const known = new Set(adopted.filter(Boolean));
  for (const issue of found) {
    if (issue.key === epic || known.has(issue.key) || (epic && issue.parentKey !== epic)) continue;
    // The summary exactly as it was sent, so "Export CSV" never takes the issue of "Export CSV files".
    const position = summaries.findIndex((summary, i) => adopted[i] === null && issue.summary === summary);
    if (position === -1) continue;
    adopted[position] = issue.key;
    known.add(issue.key);
  }
  await attempt.save({
    targetKey: epic,
    targetUrl: epic ? deps.jira.browseUrl(credentials.domain, epic) : null,
    storyKeys: adopted,
    inDoubt: false,
  });
  return { epicKey: epic, keys: adopted };
}
