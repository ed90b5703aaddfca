import type { Epic, UserStory } from "../../../schema/api/transcripts";
import type { Jira, JiraCreateFields, JiraCredentials, JiraIssueFields } from "../../adapters/jira";
import { epicDescription, storyDescription } from "../../adapters/jira/adf";
import { issueFields } from "../../adapters/jira/fields";
import type { EpicRef, TrackerItem, TrackerSession } from "../../adapters/tracker";
import { exportIssueTypes } from "./jira-checks";

// JIRA as a TrackerSession (issue 41: one exporter for every tracker), over the JIRA client (adapters/jira). Its
// stories go out in bulk requests of at most JIRA_BULK_LIMIT, so a 12-story export is 5 requests: the project, the
// create metadata of the epic and story types, the epic, one bulk create. Everything created carries the labels
// `storyloom` and `storyloom-{ref}`, the record's marker, which is how findExported finds it after an unanswered
// create. Failures are JiraErrors; tracker-sessions.ts says them in the shared error shape.

/** JIRA's documented maximum of issues per bulk create. */
export const JIRA_BULK_LIMIT = 50;

/** The project, its epic and story types and what each may set: read once per session, on first need. */
interface JiraTarget {
  projectKey: string;
  types: ReturnType<typeof exportIssueTypes>;
  epicMeta: JiraCreateFields;
  storyMeta: JiraCreateFields;
}

export function openJiraSession(
  jira: Jira,
  credentials: JiraCredentials,
  projectKey: string,
  ref: string,
): TrackerSession {
  const labels = ["storyloom", `storyloom-${ref}`];
  let target: Promise<JiraTarget> | null = null;
  const readTarget = () => (target ??= jiraTarget(jira, credentials, projectKey));
  const item = (key: string, id: string, title: string, parentKey: string | null): TrackerItem => ({
    id,
    key,
    url: jira.browseUrl(credentials.domain, key),
    title,
    parentKey,
  });
  const epicFields = (t: JiraTarget, epic: Epic, withLabels: string[]) =>
    issueFields(
      {
        projectKey: t.projectKey,
        issueTypeId: t.types.epic.id,
        summary: epic.title,
        description: epicDescription(epic),
        priority: epic.priority,
        labels: withLabels,
      },
      t.epicMeta,
    );
  const storyFields = (t: JiraTarget, story: UserStory, epicKey: string, withLabels: string[]) =>
    issueFields(
      {
        projectKey: t.projectKey,
        issueTypeId: t.types.story.id,
        summary: story.title,
        description: storyDescription(story),
        priority: story.priority,
        storyPoints: story.storyPoints,
        estimatedHours: story.estimatedHours,
        labels: withLabels,
        parentKey: epicKey,
      },
      t.storyMeta,
    );
  /** Sets an exported issue's fields to the story's (or the epic's); what only a create may set is left out. */
  const rewrite = async (key: string, fields: JiraIssueFields) => {
    delete fields.project;
    delete fields.issuetype;
    delete fields.labels;
    delete fields.parent;
    await jira.updateIssue(credentials, key, fields);
  };

  return {
    async createEpic(epic) {
      const created = await jira.createIssue(credentials, epicFields(await readTarget(), epic, labels));
      return item(created.key, created.id, epic.title, null);
    },
    async createStory(story, _position, epic) {
      const created = await jira.createIssue(credentials, storyFields(await readTarget(), story, epic.key, labels));
      return item(created.key, created.id, story.title, epic.key);
    },
    bulkCreate: {
      limit: JIRA_BULK_LIMIT,
      async create(batch, epic) {
        const t = await readTarget();
        const result = await jira.bulkCreate(
          credentials,
          batch.map(({ story }) => storyFields(t, story, epic.key, labels)),
        );
        return {
          created: result.issues.map((issue) => ({
            position: batch[issue.index]!.position,
            item: item(issue.key, issue.id, batch[issue.index]!.story.title, epic.key),
          })),
          refused: result.errors.map((error) => ({ position: batch[error.index]!.position, message: error.message })),
        };
      },
    },
    async findExported() {
      const { projectKey: key } = await readTarget();
      const found = await jira.findByLabel(credentials, key, `storyloom-${ref}`);
      return found.map((issue) => item(issue.key, issue.id, issue.summary, issue.parentKey));
    },
    async linkStory(epic: EpicRef, story: TrackerItem) {
      // A project whose stories cannot take a parent made them without one: found again, they are adopted as they are.
      if (!(await readTarget()).storyMeta.parent) return;
      await jira.updateIssue(credentials, story.key, { parent: { key: epic.key } });
    },
    async updateEpic(epic, content) {
      await rewrite(epic.key, epicFields(await readTarget(), content, []));
    },
    async updateStory(key, story, epic) {
      await rewrite(key, storyFields(await readTarget(), story, epic.key, []));
    },
    openItems: () => jira.openItems(credentials, projectKey),
    openEpics: () => jira.openEpics(credentials, projectKey),
    relate: (storyKey, itemKey) => jira.relate(credentials, storyKey, itemKey),
    appendTo: (itemKey, note) => jira.appendTo(credentials, itemKey, note),
  };
}

async function jiraTarget(jira: Jira, credentials: JiraCredentials, projectKey: string): Promise<JiraTarget> {
  const project = await jira.project(credentials, projectKey);
  const types = exportIssueTypes(project);
  const [epicMeta, storyMeta] = await Promise.all([
    jira.createFields(credentials, project.key, types.epic.id),
    jira.createFields(credentials, project.key, types.story.id),
  ]);
  return { projectKey: project.key, types, epicMeta, storyMeta };
}
