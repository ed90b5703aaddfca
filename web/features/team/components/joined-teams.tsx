import { LogOut } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { JoinedTeam } from "../../../../schema/api/teams";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SkeletonList } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { JOINED_TEAMS_ANCHOR } from "../../../shared/session/after-sign-in";
import { formatDate } from "../../../lib/format";
import { leaveTeam } from "../api";
import { RoleBadge } from "./badges";

/**
 * "Teams you belong to" (issue 26; the spec has no leave action): every team the account is an active member of,
 * each with 'Leave team'. Someone who held the account before its owner reset the password may have joined a team
 * with it; the owner sees it here whatever plan she is on and leaves it.
 */
export function JoinedTeams({ teams }: { teams: JoinedTeam[] | undefined }) {
  const [leaving, setLeaving] = useState<{ team: JoinedTeam; returnFocus: HTMLElement | null } | null>(null);
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const arrived = useRef(false);

  // Arriving at #teams-you-belong-to (after a password reset): the list is read after the first render, so the
  // browser's own jump to the anchor finds nothing; once it is there, show it and move focus to its heading.
  useEffect(() => {
    if (arrived.current || !teams || hash !== `#${JOINED_TEAMS_ANCHOR}`) return;
    arrived.current = true;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [teams, hash]);

  return (
    <section id={JOINED_TEAMS_ANCHOR} aria-labelledby="joined-teams-heading" className="mt-10 scroll-mt-20">
      <h2
        id="joined-teams-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink focus:outline-none"
      >
        Teams you belong to
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted">
        Other people's teams this account is a member of. You work in their shared projects, and what you file there is
        theirs. Leave any team you don't recognise.
      </p>
      {!teams ? (
        <SkeletonList label="Loading your teams" text="Loading your teams..." rows={1} rowClassName="h-16" />
      ) : teams.length === 0 ? (
        <p className="text-sm text-muted">This account isn't a member of anyone else's team.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Teams you belong to">
          {teams.map((team) => (
            <li key={team.ownerId}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{team.ownerName}'s team</p>
                  {team.ownerEmail && team.ownerEmail !== team.ownerName && (
                    <p className="truncate text-sm text-muted">{team.ownerEmail}</p>
                  )}
                  <p className="mt-1 text-xs text-muted">Joined {formatDate(team.joinedAt)}</p>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
                  <RoleBadge role={team.role} />
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-red-700 hover:bg-red-50"
                    onClick={(e) => {
                      setLeaving({ team, returnFocus: e.currentTarget });
                      setOpen(true);
                    }}
                    aria-label={`Leave team: ${team.ownerName}'s team`}
                  >
                    <LogOut className="size-4" aria-hidden />
                    Leave team
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LeaveDialog
        open={open}
        state={leaving}
        onClose={(left) => {
          // After leaving, its button is gone: focus goes to the section's heading instead.
          if (left) setLeaving((current) => current && { ...current, returnFocus: heading.current });
          setOpen(false);
        }}
      />
    </section>
  );
}

function LeaveDialog({
  open,
  state,
  onClose,
}: {
  open: boolean;
  state: { team: JoinedTeam; returnFocus: HTMLElement | null } | null;
  onClose: (left: boolean) => void;
}) {
  const [pending, setPending] = useState(false);
  const name = state?.team.ownerName ?? "";
  async function confirm() {
    if (!state) return;
    setPending(true);
    try {
      await leaveTeam(state.team.ownerId);
      toast({ title: "Left team", description: `You're no longer a member of ${name}'s team.`, variant: "success" });
      onClose(true);
    } catch (error) {
      toast({
        title: "Failed to leave team",
        description: errorMessage(error, "An error occurred while leaving the team."),
        variant: "destructive",
        error,
      });
    } finally {
      setPending(false);
    }
  }
  return (
    <ConfirmDialog
      open={open}
      title="Leave Team"
      description={`Leave ${name}'s team? You will lose access to its shared projects. What you filed in them stays with the team.`}
      confirmLabel={pending ? "Leaving..." : "Leave team"}
      confirmIcon={<LogOut className="size-4" aria-hidden />}
      pending={pending}
      returnFocus={state?.returnFocus}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    />
  );
}
