import { revokeAllConnectedApps } from "../auth/mcp-authorization";
import { ACCESS_TOKEN_PREFIX } from "../../../schema/api/access-tokens";
import type { AccountExport, DataSummary, ExportedTranscript } from "../../../schema/api/account-body";
import type { Deps } from "../../deps";
import {
  countAccountData,
  deleteAccountRows,
  forgetStripeCustomer,
  markSubscriptionCancelled,
  readAccountData,
  transcriptPage,
} from "../../data/account";
import { deleteUserAudio, listUserAudio } from "../../data/audio-objects";
import { findSubscription, findUserById } from "../../data/users";
import { AppError, notFound } from "../../lib/errors";
import { logEvent } from "../../lib/log";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { toPublicUser } from "../auth/public-user";
import { toIntegration } from "../integrations";
import { forgetAccountChat } from "../assistant";

// Account data (issue 17, docs/product-spec.md §2 Account settings, §7 user calls; docs/product-decisions.md: deletion removes every row
// the user owns, their audio, sessions and memberships, cancels an active Stripe subscription, and cannot be undone).

// A column that is never null gives a string, so the export's type (schema/api/account-body.ts) holds it to that.
function iso(ms: number): string;
function iso(ms: number | null | undefined): string | null;
function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}

export async function getDataSummary(deps: Deps, userId: number): Promise<DataSummary> {
  await enforceLimit(
    deps.limits,
    `account-summary:user:${userId}`,
    RATE_RULES.accountSummary,
    "Too many requests. Please wait a few minutes.",
  );
  const [counts, recordings] = await Promise.all([
    countAccountData(deps.db, userId),
    listUserAudio(deps.audio, userId),
  ]);
  return { ...counts, recordings: recordings.length };
}

/** Transcripts per page of the export: their text can be long, so pages stay small and memory flat. */
const EXPORT_PAGE = 50;

/**
 * Everything the account owns as one JSON document, streamed: the small parts are read first (a failure there is a
 * proper error answer), then the transcripts page by page, so a heavy account never sits in the Worker's memory at
 * once. Secrets stay out: no password hash, no token or its hash, integration credentials masked.
 */
export async function exportAccountData(
  deps: Deps,
  userId: number,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  await enforceLimit(
    deps.limits,
    `account-export:user:${userId}`,
    RATE_RULES.accountExport,
    "You have exported your data several times this hour. Please try again later.",
  );
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound("Account");
  const [data, recordings] = await Promise.all([
    readAccountData(deps.db, userId, user.email),
    listUserAudio(deps.audio, userId),
  ]);
  const now = deps.now();
  const head: Omit<AccountExport, "transcripts"> = {
    format: "storyloom-account-export/1",
    exportedAt: iso(now),
    account: {
      ...toPublicUser(user),
      signInMethods: data.oauth.map((o) => ({ provider: o.provider, linkedAt: iso(o.createdAt) })),
    },
    sessions: data.sessionRows.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    accessTokens: data.tokenRows.map((t) => ({
      name: t.name,
      scopes: t.scopes.split(" "),
      hint: `${ACCESS_TOKEN_PREFIX}…${t.lastFour}`,
      createdAt: iso(t.createdAt),
      expiresAt: iso(t.expiresAt),
      lastUsedAt: iso(t.lastUsedAt),
    })),
    emailVerifications: data.verifications.map((v) => ({
      email: v.email,
      sentAt: iso(v.createdAt),
      expiresAt: iso(v.expiresAt),
      usedAt: iso(v.usedAt),
    })),
    passwordResets: data.resets.map((r) => ({
      requestedAt: iso(r.createdAt),
      expiresAt: iso(r.expiresAt),
      usedAt: iso(r.usedAt),
    })),
    subscription: data.subscription && {
      tier: data.subscription.tier,
      status: data.subscription.status,
      source: data.subscription.source,
      currentPeriodEnd: iso(data.subscription.currentPeriodEnd),
      cancelAtPeriodEnd: data.subscription.cancelAtPeriodEnd,
      stripeCustomerId: data.subscription.stripeCustomerId,
      stripeSubscriptionId: data.subscription.stripeSubscriptionId,
    },
    projects: data.projectRows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      color: p.color,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    integrations: data.integrationRows.map(toIntegration),
    exports: data.exportRows.map(({ export: e }) => ({
      integrationId: e.integrationId,
      transcriptId: e.transcriptId,
      target: e.targetKey,
      url: e.targetUrl,
      storyKeys: e.storyKeys,
      completedAt: iso(e.completedAt),
      createdAt: iso(e.createdAt),
    })),
    team: {
      members: data.team.map(({ membership: m, memberUsername, memberEmail }) => ({
        invitedEmail: m.invitedEmail,
        role: m.role,
        status: m.status,
        memberUsername,
        memberEmail,
        invitedAt: iso(m.createdAt),
        joinedAt: iso(m.acceptedAt),
      })),
      memberOf: data.memberOf.map((t) => ({
        teamOwner: t.ownerUsername,
        role: t.role,
        status: t.status,
        joinedAt: iso(t.acceptedAt),
      })),
    },
    generations: data.generationRows.map((g) => ({
      provider: g.provider,
      transcriptId: g.transcriptId,
      at: iso(g.createdAt),
    })),
    generationCharacters: data.generationChars.map((d) => ({ day: iso(d.day).slice(0, 10), characters: d.chars })),
    activity: data.activity.map((a) => ({
      kind: a.kind,
      subject: a.subject,
      projectName: a.projectName,
      transcriptId: a.transcriptId,
      at: iso(a.createdAt),
    })),
    emails: data.mails.map((m) => ({ subject: m.subject, text: m.text, sentAt: iso(m.createdAt) })),
    assistantConversations: data.conversations.map((c) => ({
      question: c.userMessage,
      answer: c.botResponse,
      at: iso(c.createdAt),
    })),
    adminActions: data.adminActions.map((a) => ({
      action: a.action,
      by: a.actorId === userId ? "you" : "a platform admin",
      on: a.targetUserId === userId ? "your account" : "another account",
      details: a.details,
      at: iso(a.createdAt),
    })),
    recordings,
    audioTranscriptions: data.transcriptions.map((t) => ({ ...t, createdAt: iso(t.createdAt) })),
  };

  const encoder = new TextEncoder();
  // the head without its closing brace, then the transcripts array, then the brace
  const opening = `${JSON.stringify(head).slice(0, -1)},"transcripts":[`;
  let after: { createdAt: number; id: number } | null = null;
  let first = true;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(opening));
        return;
      }
      const page = await transcriptPage(deps.db, userId, after, EXPORT_PAGE);
      if (page.length === 0) {
        controller.enqueue(encoder.encode("]}\n"));
        controller.close();
        return;
      }
      let chunk = "";
      for (const t of page) {
        const exported: ExportedTranscript = {
          id: t.id,
          title: t.title,
          projectId: t.projectId,
          createdBy: t.createdBy,
          content: t.content,
          generatedStories: t.generatedStories,
          originalStories: t.originalStories,
          previousStories: t.previousStories,
          storiesVersion: t.storiesVersion,
          generationError: t.generationError,
          createdAt: iso(t.createdAt),
          updatedAt: iso(t.updatedAt),
        };
        chunk += `${first ? "" : ","}${JSON.stringify(exported)}`;
        first = false;
      }
      const last = page[page.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
      controller.enqueue(encoder.encode(chunk));
    },
  });
  const day = new Date(now).toISOString().slice(0, 10);
  return { filename: `storyloom-data-${day}.json`, body };
}

/** Stripe statuses after which there is nothing left to cancel. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

export const CUSTOMER_NOT_DELETED_MESSAGE =
  "Your billing details can't be removed from our payment provider right now, so your account was not deleted. Please try again later.";

/**
 * Deletes the account, in an order that can be resumed: (1) an active Stripe subscription is cancelled at once (and
 * marked so here, so a retry does not ask again), (2) the Stripe customer is deleted (its saved card and billing
 * details; the reference is then forgotten here, and a customer Stripe no longer knows counts as deleted), (3) the
 * account's recordings leave R2, (4) its help-assistant session (messages and count) is forgotten, (5) every row goes
 * in one atomic batch, with other accounts' feeds rewritten to say "a former member" and invitations to the person's
 * address deleted. If any step fails, nothing after it has happened: the account is still there and signed in, the
 * answer says so, and deleting again continues where it stopped.
 */
export async function deleteAccount(deps: Deps, userId: number): Promise<void> {
  await enforceLimit(
    deps.limits,
    `account-delete:user:${userId}`,
    RATE_RULES.accountDeletion,
    "Too many attempts to delete this account. Please wait a few minutes and try again.",
  );
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound("Account");
  const subscription = await findSubscription(deps.db, userId);
  const cancelling = Boolean(subscription?.stripeSubscriptionId && !ENDED.has(subscription.status));
  if ((cancelling || subscription?.stripeCustomerId) && !deps.billing) {
    // Stripe is not configured here (any more): what it holds cannot be removed, so nothing is deleted.
    throw new AppError(
      "service_unavailable",
      cancelling
        ? "Your subscription can't be cancelled right now, so your account was not deleted. Please try again later."
        : CUSTOMER_NOT_DELETED_MESSAGE,
    );
  }
  if (cancelling && deps.billing) {
    await deps.billing.cancelNow(subscription!.stripeSubscriptionId!);
    await markSubscriptionCancelled(deps.db, userId, deps.now());
  }
  const customerId = subscription?.stripeCustomerId ?? null;
  if (customerId && deps.billing) {
    try {
      await deps.billing.deleteCustomer(customerId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, CUSTOMER_NOT_DELETED_MESSAGE, {
        cause: error,
        upstream: error.upstream ?? "stripe",
        retryAfter: error.retryAfter,
      });
    }
    await forgetStripeCustomer(deps.db, userId, deps.now());
  }
  const recordings = await deleteUserAudio(deps.audio, userId);
  await forgetAccountChat(deps, userId);
  await revokeAllConnectedApps(deps, userId);
  await deleteAccountRows(deps.db, user);
  logEvent("info", "account_deleted", {
    userId,
    recordings,
    cancelledSubscription: cancelling,
    deletedStripeCustomer: Boolean(customerId),
  });
}
