import { Check, ShieldAlert, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ReviewMember } from "../../../../schema/api/teams";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { TEAM_REVIEW_ANCHOR } from "../../../shared/session/after-sign-in";
import { keepMember, useTeamReview } from "../api";
import { RoleBadge } from "./badges";
import { removeMemberWithToasts } from "./remove-member";

const memberName = (member: ReviewMember) => member.memberUsername ?? member.memberEmail ?? "A member";

/**
 * Issue 39: after the account was taken back (a password reset, or a Google, GitHub or Apple sign-in that replaced the
 * password), the members of its own team who joined before, each with Keep and Remove, until the owner has decided
 * on every one (docs/decisions/2026-12-07-account-recovery-reviews-the-team.md). Nothing shows when nobody is to
 * review. After a decision the member's row is gone: focus goes to the next member's Keep (or the one before), and
 * to `fallbackFocus()` (an element outside the notice) when the list is done.
 */
export function ReviewNotice({ fallbackFocus }: { fallbackFocus: () => HTMLElement | null }) {
  const { data: members } = useTeamReview();
  const [removing, setRemoving] = useState<{ member: ReviewMember; returnFocus: HTMLElement | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const afterKeep = useRef<HTMLElement | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const arrived = useRef(false);

  // Arriving at #members-to-review (after the reset's sign-in, or an OAuth link): the list comes after the first
  // render, so the browser's own jump finds nothing; once it is there, show it and move focus to its heading.
  useEffect(() => {
    if (arrived.current || !members?.length || hash !== `#${TEAM_REVIEW_ANCHOR}`) return;
    arrived.current = true;
    // the section, whose scroll margin keeps the heading clear of the sticky header
    section.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [members, hash]);

  // A kept member's row is gone once the list is rendered again: focus what `neighbour` chose then.
  useEffect(() => {
    const target = afterKeep.current;
    if (!target || !members) return;
    afterKeep.current = null;
    target.focus();
  }, [members]);

  const dialog = (
    // outside the notice, which is gone once the last member is decided: the dialog still closes and gives focus back
    <ConfirmDialog
      open={confirming}
      title="Remove Team Member"
      description={`Are you sure you want to remove ${removing ? memberName(removing.member) : ""} from your team? This action cannot be undone and they will lose access to all shared projects.`}
      confirmLabel={pending ? "Removing..." : "Remove Member"}
      confirmIcon={<Trash2 className="size-4" aria-hidden />}
      pending={pending}
      returnFocus={removing?.returnFocus}
      onConfirm={() => void remove()}
      onCancel={() => setConfirming(false)}
    />
  );
  if (!members || members.length === 0) return dialog;
  const since = formatDate(members[0]!.reviewSince);

  /** Where focus goes once `member` leaves the list: the next member's Keep, the one before, else out of the notice. */
  function neighbour(member: ReviewMember): HTMLElement | null {
    const at = members!.findIndex((m) => m.id === member.id);
    const other = members![at + 1] ?? members![at - 1];
    const button = other && list.current?.querySelector<HTMLElement>(`[data-review-keep="${other.id}"]`);
    return button ?? fallbackFocus();
  }

  async function keep(member: ReviewMember) {
    setBusy(member.id);
    try {
      afterKeep.current = neighbour(member);
      await keepMember(member.id);
      toast({ title: "Member kept", description: `${memberName(member)} stays in your team.`, variant: "success" });
    } catch (error) {
      afterKeep.current = null;
      toast({
        title: "Failed to keep member",
        description: errorMessage(error, "An error occurred while keeping the member."),
        variant: "destructive",
        error,
      });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!removing) return;
    const { member } = removing;
    setPending(true);
    try {
      if (await removeMemberWithToasts(member.id, memberName(member))) {
        // its Remove button is gone: the dialog gives focus to the neighbour instead
        setRemoving({ member, returnFocus: neighbour(member) });
        setConfirming(false);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <section
        ref={section}
        id={TEAM_REVIEW_ANCHOR}
        aria-labelledby="members-to-review-heading"
        className="mb-8 scroll-mt-20 rounded-xl border border-orange-200 bg-orange-50 p-4 sm:p-5"
      >
        <h2
          id="members-to-review-heading"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-base font-semibold text-orange-950 focus:outline-none"
        >
          <ShieldAlert className="size-5 shrink-0" aria-hidden />
          Check who is in your team
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-orange-900">
          Your password was reset or removed on {since}. Anyone who used this account before then may have added these
          people, and they can still work in your team's projects. Keep the ones you know and remove the others.
        </p>
        <ul ref={list} className="mt-4 grid gap-2" aria-label="Members to review">
          {members.map((member) => {
            const name = memberName(member);
            return (
              <li
                key={member.id}
                className="flex flex-col gap-3 rounded-lg border border-orange-200 bg-white p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{name}</p>
                  {member.memberEmail && member.memberEmail !== name && (
                    <p className="truncate text-sm text-muted">{member.memberEmail}</p>
                  )}
                  <p className="mt-1 text-xs text-muted">Joined {formatDate(member.joinedAt)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <RoleBadge role={member.role} />
                  <Button
                    size="sm"
                    variant="outline"
                    data-review-keep={member.id}
                    disabled={busy === member.id}
                    onClick={() => void keep(member)}
                    aria-label={`Keep ${name}`}
                  >
                    <Check className="size-4" aria-hidden />
                    Keep
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-red-700 hover:bg-red-50"
                    disabled={busy === member.id}
                    onClick={(e) => {
                      setRemoving({ member, returnFocus: e.currentTarget });
                      setConfirming(true);
                    }}
                    aria-label={`Remove ${name}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      {dialog}
    </>
  );
}
