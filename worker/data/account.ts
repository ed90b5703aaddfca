import { and, asc, count, eq, gt, inArray, or } from "drizzle-orm";
import {
  activityEvents,
  adminAuditLog,
  audioTranscriptions,
  chatbotConversations,
  emailOutbox,
  emailVerificationTokens,
  generationCharsDaily,
  generations,
  integrationExports,
  integrations,
  oauthAccounts,
  passwordResetTokens,
  projects,
  sessions,
  accessTokens,
  subscriptions,
  teamMemberships,
  transcripts,
  users,
} from "../../schema/db";
import { forgetPersonStatement } from "./activity";
import type { Database } from "./db";

// Everything one account owns, for the data summary, the export and the deletion (issue 17). Which tables hold a
// user's data, and how each is exported and deleted, is written down once in services/account/coverage.ts.

const one = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);

/** The counts of the account settings' data summary, in one round trip. */
export async function countAccountData(db: Database, userId: number) {
  const [projectsN, transcriptsN, integrationsN, exportsN, teamN, memberOfN, activityN, generationsN, conversationsN] =
    await db.batch([
      db.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId)),
      db.select({ n: count() }).from(transcripts).where(eq(transcripts.ownerId, userId)),
      db.select({ n: count() }).from(integrations).where(eq(integrations.ownerId, userId)),
      db
        .select({ n: count() })
        .from(integrationExports)
        .innerJoin(integrations, eq(integrations.id, integrationExports.integrationId))
        .where(eq(integrations.ownerId, userId)),
      db.select({ n: count() }).from(teamMemberships).where(eq(teamMemberships.ownerId, userId)),
      db
        .select({ n: count() })
        .from(teamMemberships)
        .where(and(eq(teamMemberships.memberId, userId), eq(teamMemberships.status, "active"))),
      db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.ownerId, userId)),
      db.select({ n: count() }).from(generations).where(eq(generations.userId, userId)),
      db.select({ n: count() }).from(chatbotConversations).where(eq(chatbotConversations.userId, userId)),
    ]);
  return {
    projects: one(projectsN),
    transcripts: one(transcriptsN),
    integrations: one(integrationsN),
    exports: one(exportsN),
    teamMembers: one(teamN),
    teamMemberships: one(memberOfN),
    activityEvents: one(activityN),
    generations: one(generationsN),
    assistantConversations: one(conversationsN),
  };
}

/** The small parts of an account's data (everything but the transcripts), in one round trip. */
export async function readAccountData(db: Database, userId: number, email: string | null) {
  const [
    oauth,
    sessionRows,
    verifications,
    resets,
    subscription,
    projectRows,
    integrationRows,
    exportRows,
    team,
    memberOf,
    generationRows,
    generationChars,
    activity,
    mails,
    conversations,
    adminActions,
    transcriptions,
    tokenRows,
  ] = await db.batch([
    db
      .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({
        email: emailVerificationTokens.email,
        createdAt: emailVerificationTokens.createdAt,
        expiresAt: emailVerificationTokens.expiresAt,
        usedAt: emailVerificationTokens.usedAt,
      })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, userId)),
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(projects).where(eq(projects.ownerId, userId)).orderBy(asc(projects.id)),
    db.select().from(integrations).where(eq(integrations.ownerId, userId)).orderBy(asc(integrations.id)),
    db
      .select({ export: integrationExports })
      .from(integrationExports)
      .innerJoin(integrations, eq(integrations.id, integrationExports.integrationId))
      .where(eq(integrations.ownerId, userId))
      .orderBy(asc(integrationExports.id)),
    db
      .select({ membership: teamMemberships, memberUsername: users.username, memberEmail: users.email })
      .from(teamMemberships)
      .leftJoin(users, eq(users.id, teamMemberships.memberId))
      .where(eq(teamMemberships.ownerId, userId))
      .orderBy(asc(teamMemberships.id)),
    db
      .select({
        ownerId: teamMemberships.ownerId,
        role: teamMemberships.role,
        status: teamMemberships.status,
        acceptedAt: teamMemberships.acceptedAt,
        ownerUsername: users.username,
      })
      .from(teamMemberships)
      .innerJoin(users, eq(users.id, teamMemberships.ownerId))
      .where(eq(teamMemberships.memberId, userId)),
    db
      .select({
        provider: generations.provider,
        transcriptId: generations.transcriptId,
        createdAt: generations.createdAt,
      })
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(asc(generations.id)),
    db
      .select({ day: generationCharsDaily.day, chars: generationCharsDaily.chars })
      .from(generationCharsDaily)
      .where(eq(generationCharsDaily.userId, userId))
      .orderBy(asc(generationCharsDaily.day)),
    db.select().from(activityEvents).where(eq(activityEvents.ownerId, userId)).orderBy(asc(activityEvents.id)),
    db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email ?? "\u0000"))
      .orderBy(asc(emailOutbox.id)),
    db
      .select({
        userMessage: chatbotConversations.userMessage,
        botResponse: chatbotConversations.botResponse,
        createdAt: chatbotConversations.createdAt,
      })
      .from(chatbotConversations)
      .where(eq(chatbotConversations.userId, userId))
      .orderBy(asc(chatbotConversations.id)),
    db
      .select({
        action: adminAuditLog.action,
        actorId: adminAuditLog.actorId,
        targetUserId: adminAuditLog.targetUserId,
        details: adminAuditLog.details,
        createdAt: adminAuditLog.createdAt,
      })
      .from(adminAuditLog)
      .where(or(eq(adminAuditLog.actorId, userId), eq(adminAuditLog.targetUserId, userId)))
      .orderBy(asc(adminAuditLog.id)),
    db
      .select({
        recordingId: audioTranscriptions.recordingId,
        format: audioTranscriptions.format,
        bytes: audioTranscriptions.bytes,
        fileName: audioTranscriptions.fileName,
        status: audioTranscriptions.status,
        characters: audioTranscriptions.characters,
        createdAt: audioTranscriptions.createdAt,
      })
      .from(audioTranscriptions)
      .where(eq(audioTranscriptions.userId, userId))
      .orderBy(asc(audioTranscriptions.id)),
    // (never the hash)
    db
      .select({
        name: accessTokens.name,
        scopes: accessTokens.scopes,
        lastFour: accessTokens.lastFour,
        createdAt: accessTokens.createdAt,
        expiresAt: accessTokens.expiresAt,
        lastUsedAt: accessTokens.lastUsedAt,
      })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(asc(accessTokens.id)),
  ]);
  return {
    oauth,
    sessionRows,
    verifications,
    resets,
    subscription: subscription[0] ?? null,
    projectRows,
    integrationRows,
    exportRows,
    team,
    memberOf,
    generationRows,
    generationChars,
    activity,
    mails,
    conversations,
    adminActions,
    transcriptions,
    tokenRows,
  };
}

/** A page of the account's transcripts in (created_at, id) order: the owner index's order, so each page is a seek. */
export async function transcriptPage(
  db: Database,
  userId: number,
  after: { createdAt: number; id: number } | null,
  limit: number,
) {
  return db
    .select()
    .from(transcripts)
    .where(
      and(
        eq(transcripts.ownerId, userId),
        after
          ? or(
              gt(transcripts.createdAt, after.createdAt),
              and(eq(transcripts.createdAt, after.createdAt), gt(transcripts.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(transcripts.createdAt), asc(transcripts.id))
    .limit(limit);
}

/**
 * Deletes the account's rows in one atomic batch (nothing half-written). The user row's foreign keys cascade to every
 * table that holds the user's data (services/account/coverage.ts says which); transcripts the user made in other
 * teams' projects stay with those teams (`created_by` becomes null). Before that, in the same batch: other accounts'
 * feeds stop naming the person (data/activity.ts forgetPersonStatement, which reads the memberships the cascade then
 * removes), and invitations still pending for the person's address, in any team, are deleted (they name no user, so
 * nothing cascades to them). The development outbox is keyed by address, so it is cleared here too.
 */
export async function deleteAccountRows(
  db: Database,
  user: { id: number; username: string | null; email: string | null },
) {
  const address = user.email?.toLowerCase() ?? null;
  await db.batch([
    forgetPersonStatement(db, { userId: user.id, username: user.username, email: user.email }),
    db
      .delete(teamMemberships)
      .where(
        and(eq(teamMemberships.status, "pending"), inArray(teamMemberships.invitedEmail, address ? [address] : [])),
      ),
    db.delete(emailOutbox).where(inArray(emailOutbox.to, user.email ? [user.email] : [])),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
}

/** Forgets the Stripe customer right after Stripe deleted it, so a retried deletion does not ask again. */
export async function forgetStripeCustomer(db: Database, userId: number, now: number) {
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: null, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/** Marks the subscription cancelled locally right after Stripe cancelled it, so a retried deletion does not ask again. */
export async function markSubscriptionCancelled(db: Database, userId: number, now: number) {
  await db
    .update(subscriptions)
    .set({ status: "canceled", tier: "free", cancelAtPeriodEnd: false, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}
