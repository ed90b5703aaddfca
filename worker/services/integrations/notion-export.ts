import { blockBatches, storiesToBlocks } from "../../adapters/notion/blocks";
import { knownTargets } from "../../data/integrations";
import type { Deps } from "../../deps";
import { openSecret } from "./index";
import { exportSetup, type ReviewRequest } from "./backlog-review";
import {
  prepareExport,
  runExport,
  sendWrite,
  type ExportAttempt,
  type ExportJob,
  type ExportMode,
  type ExportOutcome,
} from "./exports";
import { notionFailure } from "./upstream-errors";

// Export to Notion: a child page of the integration's page, titled with the epic, holding the epic's description
// and every story (adapters/notion/blocks.ts). The first blocks go with the page, the rest are appended in batches
// within Notion's limits (100 blocks, 2,000 characters per text item). The record counts blocks appended, so an
// interrupted export continues after the last block Notion holds.

export async function exportToNotion(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  const job = await prepareExport(deps, userId, transcriptId, integrationId, "notion");
  const settings = job.integration.settings;
  if (!("pageId" in settings)) throw new Error(`Integration ${job.integration.id} has no Notion settings`);
  const secret = await openSecret(deps, job.integration);
  // No rewrite in place: an update erases the page and writes it again (exports.ts sendChanges).
  return runExport(
    deps,
    userId,
    job,
    {
      async create(attempt) {
        try {
          return await writePage(deps, job, attempt, secret, settings.pageId);
        } catch (error) {
          throw notionFailure(error);
        }
      },
    },
    mode,
    await exportSetup(deps, userId, job, review),
  );
}

async function writePage(
  deps: Deps,
  job: ExportJob,
  attempt: ExportAttempt,
  secret: string,
  parentPageId: string,
): Promise<ExportOutcome> {
  const { notion } = deps;
  const blocks = storiesToBlocks(job.stories);
  const title = job.stories.epic.title;
  let pageId = attempt.record.targetKey;
  let pageUrl = attempt.record.targetUrl;
  let done = Math.min(attempt.record.blocksDone, blocks.length);

  if (pageId && attempt.record.erasePending) {
    // An update: the page keeps its place and link, its title and blocks are the stories' now. Erasing twice is
    // harmless, so an unanswered erase is simply sent again; nothing is appended until one is confirmed.
    const page = pageId;
    await notion.erasePage(secret, page, title);
    done = 0;
    await attempt.save({ erasePending: false, blocksDone: 0, blocksTotal: blocks.length, inDoubt: false });
  }

  if (attempt.record.inDoubt) {
    // The last write went unanswered: ask Notion what it holds instead of writing it again.
    if (!pageId) {
      const others = await knownTargets(deps.db, job.integration.id);
      const found = (await notion.listChildPages(secret, parentPageId))
        .filter((page) => page.title === title && !others.has(page.id))
        .at(-1);
      if (found) {
        pageId = found.id;
        pageUrl = `https://www.notion.so/${found.id.replace(/-/g, "")}`;
      }
    }
    if (pageId) done = Math.min(await notion.countChildren(secret, pageId), blocks.length);
    await attempt.save({
      targetKey: pageId,
      targetUrl: pageUrl,
      blocksDone: done,
      blocksTotal: blocks.length,
      inDoubt: false,
    });
  }

  const doneBefore = pageId ? done : 0;
  let epicCreated = false;
  if (!pageId) {
    const first = blockBatches(blocks)[0] ?? [];
    await attempt.save({ blocksTotal: blocks.length });
    const page = await sendWrite(attempt, () => notion.createChildPage(secret, parentPageId, title, first));
    pageId = page.id;
    pageUrl = page.url;
    done = first.length;
    epicCreated = true;
    await attempt.save({
      targetKey: page.id,
      targetUrl: page.url,
      blocksDone: done,
      blocksTotal: blocks.length,
      inDoubt: false,
    });
  }

  while (done < blocks.length) {
    const next = blockBatches(blocks.slice(done))[0]!;
    await sendWrite(attempt, () => notion.appendBlocks(secret, pageId, next));
    done += next.length;
    await attempt.save({ blocksDone: done, inDoubt: false });
  }

  const completedAt = deps.now();
  await attempt.save({ completedAt, inDoubt: false });
  const stories = job.stories.userStories.length;
  // Stories are counted in proportion to the blocks this attempt wrote (a story spans several blocks).
  const storiesCreated = stories - Math.floor((stories * doneBefore) / Math.max(1, blocks.length));
  return {
    targetKey: pageId,
    summary: {
      summary: { storiesCreated, epicCreated },
      epicUrl: pageUrl ?? "",
      alreadyExported: false,
      exportedAt: new Date(completedAt).toISOString(),
    },
  };
}
