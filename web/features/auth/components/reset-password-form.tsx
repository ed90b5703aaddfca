import { Link2Off, RectangleEllipsis, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { toast, toastError } from "../../../components/ui/toast";
import { useValidatedForm } from "../../../lib/form";
import { JOINED_TEAMS_PATH, rememberAfterSignIn } from "../../../shared/session/after-sign-in";
import type { JoinedTeam } from "../../../../schema/api/teams";
import { resetPassword } from "../api/auth-calls";
import { INVALID_RESET_LINK, resetLinkProblem, resetPasswordFormSchema, useRefusedFields } from "../password-forms";
import { AuthPanelHeading, BackToSignIn } from "./auth-panel";
import { NewPasswordFields, onValidSubmit, SubmitButton } from "./form-parts";

const FIELDS = ["password", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

/**
 * The reset link's screen: a new password typed twice. Success signs this browser out (the server ends every
 * session of the account), so `clearSignedOutState` drops what a signed-in person left in the tab, as signing out
 * does, and the sign-in screen follows. A link without a token, or one the server refuses, shows why instead.
 */
export function ResetPasswordForm({
  token,
  clearSignedOutState,
}: {
  token: string | null;
  clearSignedOutState: () => void;
}) {
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useState(token ? null : INVALID_RESET_LINK);
  const [teams, setTeams] = useState<JoinedTeam[]>([]);
  const form = useValidatedForm<Field, typeof resetPasswordFormSchema>(resetPasswordFormSchema, {
    password: "",
    confirmPassword: "",
  });
  const { formRef, setErrors, pending, setPending } = form;
  const showRefusal = useRefusedFields(formRef, setErrors, FIELDS);

  if (linkProblem || !token) return <UnusableLink message={linkProblem ?? INVALID_RESET_LINK} focus={!!token} />;
  if (teams.length > 0) return <ReviewTeams teams={teams} />;

  const onSubmit = onValidSubmit(form, async (parsed) => {
    let memberOf: JoinedTeam[];
    try {
      memberOf = await resetPassword(token, parsed.password);
    } catch (error) {
      setPending(false);
      const problem = resetLinkProblem(error);
      if (problem) {
        setLinkProblem(problem);
        return;
      }
      showRefusal(error);
      toastError("Reset Failed", error, "Could not set the new password. Please try again.");
      return;
    }
    clearSignedOutState();
    toast({ title: "Password updated", description: "Sign in with your new password.", variant: "success" });
    // Someone who held the account before the reset may have joined teams with it (issue 26): list them, and let
    // this tab's next sign-in land on them.
    if (memberOf.length === 0) return navigate("/auth", { replace: true });
    rememberAfterSignIn(JOINED_TEAMS_PATH);
    setTeams(memberOf);
  });

  return (
    <>
      <AuthPanelHeading icon={RectangleEllipsis} title="Choose a new password">
        Setting a new password signs you out on every device. Then sign in with the new one.
      </AuthPanelHeading>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
        <NewPasswordFields form={form} field="password" confirm="confirmPassword" />
        <SubmitButton pending={pending} icon={<RectangleEllipsis aria-hidden />}>
          Set New Password
        </SubmitButton>
      </form>
      <BackToSignIn />
    </>
  );
}

/**
 * After a reset, when the account belongs to other people's teams: which ones, and sign-in that comes back to /team's
 * "Teams you belong to", where each can be left (docs/decisions/2026-11-27-leaving-teams.md).
 */
function ReviewTeams({ teams }: { teams: JoinedTeam[] }) {
  return (
    <>
      <AuthPanelHeading icon={Users} title="Your password was reset" focus>
        This account belongs to these teams:
      </AuthPanelHeading>
      <ul className="mt-4 grid gap-2 text-sm" aria-label="Teams this account belongs to">
        {teams.map((team) => (
          <li key={team.ownerId} className="rounded-lg border border-line px-3 py-2">
            <span className="font-medium break-words text-ink">{team.ownerName}'s team</span>
            {team.ownerEmail && team.ownerEmail !== team.ownerName && (
              <span className="block break-words text-muted">{team.ownerEmail}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        If you don't recognise one, leave it: its owner can read what you file in its projects.
      </p>
      <div className="mt-6 grid gap-3">
        <Link to="/auth" replace className={buttonClasses("default", "lg", "w-full")}>
          Sign In to Review Them
        </Link>
      </div>
    </>
  );
}

/** Not valid, already used or expired: the server's words and a way to ask for a new link. */
function UnusableLink({ message, focus }: { message: string; focus: boolean }) {
  return (
    <>
      <AuthPanelHeading icon={Link2Off} title="This link can't be used" focus={focus}>
        <span role="alert">{message}</span>
      </AuthPanelHeading>
      <div className="mt-8 grid gap-3">
        <Link to="/forgot-password" className={buttonClasses("default", "lg", "w-full")}>
          Ask for a New Link
        </Link>
      </div>
      <BackToSignIn />
    </>
  );
}
