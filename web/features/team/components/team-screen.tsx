import { Link } from "react-router";
import { AlertTriangle, Check, Copy, Shield, Trash2, UserPlus, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { TeamContext, TeamMembership } from "../../../../schema/api/teams";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { EmptyState, PageContainer, PageHeader } from "../../../components/page";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Skeleton, SkeletonList } from "../../../components/ui/skeleton";
import { toast, useErrorToast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { changeMemberRole, invitationLink, useTeamContext, useTeamLimits, useTeamMembers } from "../api";
import { RoleBadge, StatusBadge } from "./badges";
import { focusAfterClose } from "../../../lib/focus";
import { InviteDialog } from "./invite-dialog";
import { JoinedTeams } from "./joined-teams";
import { removeMemberWithToasts } from "./remove-member";
import { ReviewNotice } from "./review-notice";

const COPIED_MS = 2000;

/**
 * docs/product-spec.md §2 Team (/team): stat cards, the member list (cards on small screens, a table on wide ones), invite and remove;
 * then the teams the account belongs to, with Leave team (joined-teams.tsx).
 */
export function TeamScreen() {
  const members = useTeamMembers();
  const limits = useTeamLimits();
  const context = useTeamContext();
  // the control that opened Invite Member: focus goes back to it, or to the header's button when the empty state's is
  // gone (the list replaced it)
  const [inviting, setInviting] = useState<HTMLElement | null>(null);
  const headerInvite = useRef<HTMLButtonElement>(null);
  const [removing, setRemoving] = useState<{ member: TeamMembership; returnFocus: HTMLElement | null } | null>(null);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  useErrorToast(members.error ?? limits.error ?? context.error, "Error", "Failed to load your team.");

  const list = members.data;
  const canManage = context.data?.canManage ?? false;
  const inviteButton = (
    <Button ref={headerInvite} onClick={(event) => setInviting(event.currentTarget)} disabled={!limits.data?.canInvite}>
      <UserPlus className="size-4" aria-hidden />
      Invite Member
    </Button>
  );

  return (
    <PageContainer>
      <title>Team Management · StoryLoom</title>
      <PageHeader
        title="Team Management"
        description={
          context.data && context.data.position !== "owner"
            ? `You're ${context.data.position === "admin" ? "an admin" : "a member"} of ${ownerName(context.data)}'s team: you work in its shared projects.`
            : "Invite colleagues to work in your projects, and manage their roles."
        }
        actions={canManage ? inviteButton : undefined}
      />
      {limits.data?.message && canManage && (
        <p
          role="status"
          className="mb-6 flex items-start gap-2 rounded-lg border border-orange-200 bg-orange-50 px-4 py-3 text-sm text-orange-900"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {limits.data.message} {/* (no dead end: the warning leads to the plans that seat more people) */}
            <Link to="/subscription" className="font-medium underline underline-offset-2">
              Compare plans
            </Link>
          </span>
        </p>
      )}

      {/* after the account was taken back: who joined before, to keep or remove (issue 39) */}
      {context.data?.position === "owner" && <ReviewNotice fallbackFocus={() => membersHeading.current} />}

      <section aria-label="Team summary" className="mb-8 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Team Size"
          value={limits.data ? `${limits.data.currentCount}/${limits.data.maxCount}` : undefined}
        />
        <StatCard
          label="Active Members"
          value={list ? String(list.filter((m) => m.status === "active").length + 1) : undefined}
        />
        <StatCard
          label="Pending Invites"
          value={list ? String(list.filter((m) => m.status === "pending").length) : undefined}
        />
      </section>

      <section aria-labelledby="team-members-heading">
        <h2
          id="team-members-heading"
          ref={membersHeading}
          tabIndex={-1}
          className="mb-4 text-lg font-semibold text-ink focus:outline-none"
        >
          Team Members
        </h2>
        {!list || !context.data ? (
          members.error || context.error ? (
            <LoadError
              what="your team"
              onRetry={() => void Promise.all([members.mutate(), context.mutate(), limits.mutate()])}
            />
          ) : (
            <SkeletonList label="Loading team members" text="Loading team members..." rows={2} rowClassName="h-16" />
          )
        ) : list.length === 0 ? (
          <>
            <EmptyState
              icon={Users}
              title="No team members yet"
              action={
                canManage ? (
                  limits.data && !limits.data.canInvite ? (
                    // at the plan's seat limit, the way forward rather than a button that does nothing
                    <Button asChild variant="outline">
                      <Link to="/subscription">Compare plans</Link>
                    </Button>
                  ) : (
                    <Button onClick={(event) => setInviting(event.currentTarget)} disabled={!limits.data}>
                      Invite Your First Member
                    </Button>
                  )
                ) : undefined
              }
            >
              {canManage
                ? "Invite colleagues to generate, edit and export stories in your projects."
                : "Nobody else has joined this team yet."}
            </EmptyState>
          </>
        ) : (
          <MemberList
            context={context.data}
            members={list}
            canManage={canManage}
            onRemove={(member, returnFocus) => setRemoving({ member, returnFocus })}
          />
        )}
      </section>

      {/* every team the account is in, whichever one this screen shows (the spec's /team shows one) */}
      {!(context.error && !context.data) && <JoinedTeams teams={context.data?.memberOf} />}

      <InviteDialog
        open={inviting !== null}
        onOpenChange={(open) => {
          if (open) return;
          focusAfterClose(inviting, () => headerInvite.current);
          setInviting(null);
        }}
      />
      <RemoveDialog state={removing} onClose={() => setRemoving(null)} />
    </PageContainer>
  );
}

function ownerName(context: TeamContext): string {
  return context.owner.username ?? context.owner.email ?? "Team owner";
}

/** The invited address while pending, else the username or email (docs/product-spec.md §2). */
function memberName(member: TeamMembership): string {
  return member.status === "pending"
    ? member.invitedEmail
    : (member.memberUsername ?? member.memberEmail ?? member.invitedEmail);
}

function StatCard({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-muted">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      )}
    </Card>
  );
}

function dateLabel(member: TeamMembership): string {
  return member.status === "active"
    ? `Joined ${formatDate(member.joinedAt ?? member.createdAt)}`
    : `Invited ${formatDate(member.createdAt)}`;
}

function OwnerCard({ context }: { context: TeamContext }) {
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4 md:hidden">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">{ownerName(context)}</p>
        {context.owner.email && <p className="truncate text-sm text-muted">{context.owner.email}</p>}
        <p className="mt-1 text-xs text-muted">Joined {formatDate(context.owner.joinedAt)}</p>
      </div>
      <RoleBadge role="owner" />
      <StatusBadge status="active" />
    </Card>
  );
}

function MemberList({
  context,
  members,
  canManage,
  onRemove,
}: {
  context: TeamContext;
  members: TeamMembership[];
  canManage: boolean;
  onRemove: (member: TeamMembership, returnFocus: HTMLElement | null) => void;
}) {
  return (
    <>
      {/* small screens: cards */}
      <ul className="grid gap-3 md:hidden" aria-label="Team members">
        <li>
          <OwnerCard context={context} />
        </li>
        {members.map((member) => (
          <li key={member.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{memberName(member)}</p>
                  {member.status === "active" && member.memberEmail && (
                    <p className="truncate text-sm text-muted">{member.memberEmail}</p>
                  )}
                  <p className="mt-1 text-xs text-muted">{dateLabel(member)}</p>
                </div>
                <RoleBadge role={member.role} />
                <StatusBadge status={member.status} />
              </div>
              {canManage && <MemberActions member={member} onRemove={onRemove} />}
            </Card>
          </li>
        ))}
      </ul>

      {/* wide screens: a table */}
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Team members</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Member
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <tr>
              <td className="px-4 py-3">
                <p className="font-medium text-ink">{ownerName(context)}</p>
                {context.owner.email && <p className="text-muted">{context.owner.email}</p>}
              </td>
              <td className="px-4 py-3">
                <RoleBadge role="owner" />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status="active" />
              </td>
              <td className="px-4 py-3 text-muted">{formatDate(context.owner.joinedAt)}</td>
              <td className="px-4 py-3" />
            </tr>
            {members.map((member) => (
              <tr key={member.id}>
                <td className="px-4 py-3">
                  <p className="font-medium text-ink">{memberName(member)}</p>
                  {member.status === "active" && member.memberEmail && (
                    <p className="text-muted">{member.memberEmail}</p>
                  )}
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={member.role} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={member.status} />
                </td>
                <td className="px-4 py-3 text-muted">
                  {member.status === "active" ? formatDate(member.joinedAt ?? member.createdAt) : dateLabel(member)}
                </td>
                <td className="px-4 py-3">
                  {canManage && <MemberActions member={member} onRemove={onRemove} align="end" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** docs/product-spec.md §2 row actions: Copy Invite Link (pending with a token), Make Admin / Make Member (active), Remove Member. */
function MemberActions({
  member,
  onRemove,
  align = "start",
}: {
  member: TeamMembership;
  onRemove: (member: TeamMembership, returnFocus: HTMLElement | null) => void;
  align?: "start" | "end";
}) {
  const [copied, setCopied] = useState(false);
  const [changing, setChanging] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const name = memberName(member);

  async function copyLink(token: string) {
    try {
      await navigator.clipboard.writeText(invitationLink(token));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      toast({ title: "Link copied", description: `Send it to ${name} to join the team.`, variant: "success" });
    } catch (error) {
      toast({ title: "Failed to copy", description: "Could not copy the invite link.", variant: "destructive", error });
    }
  }

  async function toggleRole() {
    const role = member.role === "admin" ? "member" : "admin";
    setChanging(true);
    try {
      await changeMemberRole(member.id, role);
      toast({
        title: "Role updated",
        description: `${name} is now ${role === "admin" ? "an admin" : "a member"}.`,
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Failed to update role",
        description: errorMessage(error, "An error occurred while updating the role."),
        variant: "destructive",
        error,
      });
    } finally {
      setChanging(false);
    }
  }

  return (
    <div className={`flex flex-wrap gap-2 ${align === "end" ? "justify-end" : ""}`}>
      {member.status === "pending" && member.inviteToken && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void copyLink(member.inviteToken!)}
          aria-label={`Copy invite link for ${name}`}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? "Copied!" : "Copy Invite Link"}
        </Button>
      )}
      {member.status === "active" && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void toggleRole()}
          disabled={changing}
          aria-label={`${member.role === "admin" ? "Make Member" : "Make Admin"}: ${name}`}
        >
          <Shield className="size-4" aria-hidden />
          {member.role === "admin" ? "Make Member" : "Make Admin"}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 hover:bg-red-50"
        onClick={(e) => onRemove(member, e.currentTarget)}
        aria-label={`Remove Member: ${name}`}
      >
        <Trash2 className="size-4" aria-hidden />
        Remove Member
      </Button>
    </div>
  );
}

function RemoveDialog({
  state,
  onClose,
}: {
  state: { member: TeamMembership; returnFocus: HTMLElement | null } | null;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const name = state ? memberName(state.member) : "";
  async function confirm() {
    if (!state) return;
    setPending(true);
    try {
      if (await removeMemberWithToasts(state.member.id, name)) onClose();
    } finally {
      setPending(false);
    }
  }
  return (
    <ConfirmDialog
      open={state !== null}
      title="Remove Team Member"
      description={`Are you sure you want to remove ${name} from your team? This action cannot be undone and they will lose access to all shared projects.`}
      confirmLabel={pending ? "Removing..." : "Remove Member"}
      confirmIcon={<Trash2 className="size-4" aria-hidden />}
      pending={pending}
      returnFocus={state?.returnFocus}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
