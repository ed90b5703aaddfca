import { Link2Off, RectangleEllipsis, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { toast, toastError } from "../../../components/ui/toast";
import { useValidatedForm } from "../../../lib/form";
import { JOINED_TEAMS_PATH, rememberAfterSignIn, TEAM_REVIEW_PATH } from "../../../shared/session/after-sign-in";
import type { PasswordResetConfirmed } from "../../../../schema/api/teams";
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
  const [done, setDone] = useState<PasswordResetConfirmed | null>(null);
  const form = useValidatedForm<Field, typeof resetPasswordFormSchema>(resetPasswordFormSchema, {
    password: "",
    confirmPassword: "",
  });
  const { formRef, setErrors, pending, setPending } = form;
  const showRefusal = useRefusedFields(formRef, setErrors, FIELDS);

  if (linkProblem || !token) return <UnusableLink message={linkProblem ?? INVALID_RESET_LINK} focus={!!token} />;
  if (done) return <AfterReset answer={done} />;

  const onSubmit = onValidSubmit(form, async (parsed) => {
    let answer: PasswordResetConfirmed;
    try {
      answer = await resetPassword(token, parsed.password);
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
    // Someone who held the account before the reset may have joined teams with it (issue 26), added people to its
    // own team or kept invitation links (issue 39): say so, and let this tab's next sign-in land on the review.
    const { memberOf, toReview, invitationsRevoked } = answer;
    if (memberOf.length === 0 && toReview.length === 0 && invitationsRevoked === 0)
      return navigate("/auth", { replace: true });
    if (toReview.length > 0) rememberAfterSignIn(TEAM_REVIEW_PATH);
    else if (memberOf.length > 0) rememberAfterSignIn(JOINED_TEAMS_PATH);
    setDone(answer);
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
 * After a reset that found something someone else may have left: the members of the account's own team who joined
 * before the reset (issue 39: kept or removed on /team), the invitations it withdrew, and other people's teams the
 * account belongs to (issue 26: left on /team). Sign-in comes back to /team's review, else to "Teams you belong to"
 * (docs/decisions/2026-11-27-leaving-teams.md, docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).
 */
function AfterReset({ answer }: { answer: PasswordResetConfirmed }) {
  const { memberOf: teams, toReview, invitationsRevoked } = answer;
  const review = toReview.length > 0 || teams.length > 0;
  return (
    <>
      <AuthPanelHeading icon={Users} title="Your password was reset" focus>
        {toReview.length > 0
          ? "Anyone who used this account before may have added people to your team. Check who is in it."
          : teams.length > 0
            ? "This account belongs to these teams:"
            : "Sign in with your new password."}
      </AuthPanelHeading>
      {toReview.length > 0 && (
        <section aria-labelledby="review-members-heading" className="mt-6">
          <h2 id="review-members-heading" className="text-sm font-semibold text-ink">
            In your team before the reset
          </h2>
          <ul className="mt-2 grid gap-2 text-sm" aria-label="Members to review">
            {toReview.map((member) => {
              const name = member.memberUsername ?? member.memberEmail ?? "A member";
              return (
                <li key={member.id} className="rounded-lg border border-line px-3 py-2">
                  <span className="font-medium break-words text-ink">{name}</span>
                  <span className="text-muted"> · {member.role === "admin" ? "Admin" : "Member"}</span>
                  {member.memberEmail && member.memberEmail !== name && (
                    <span className="block break-words text-muted">{member.memberEmail}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-sm text-muted">
            They can still work in your team's projects. After signing in, keep the ones you know and remove the others.
          </p>
        </section>
      )}
      {invitationsRevoked > 0 && (
        <p className="mt-4 text-sm text-muted" role="status">
          {invitationsRevoked === 1
            ? "1 pending invitation to your team was withdrawn: its link no longer works."
            : `${invitationsRevoked} pending invitations to your team were withdrawn: their links no longer work.`}{" "}
          Invite again anyone you still want.
        </p>
      )}
      {teams.length > 0 && (
        <section className="mt-6">
          {toReview.length > 0 && (
            <h2 id="joined-teams-after-reset" className="text-sm font-semibold text-ink">
              Teams this account belongs to
            </h2>
          )}
          <ul className="mt-2 grid gap-2 text-sm" aria-label="Teams this account belongs to">
            {teams.map((team) => (
              <li key={team.ownerId} className="rounded-lg border border-line px-3 py-2">
                <span className="font-medium break-words text-ink">{team.ownerName}'s team</span>
                {team.ownerEmail && team.ownerEmail !== team.ownerName && (
                  <span className="block break-words text-muted">{team.ownerEmail}</span>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-muted">
            If you don't recognise one, leave it: its owner can read what you file in its projects.
          </p>
        </section>
      )}
      <div className="mt-6 grid gap-3">
        <Link to="/auth" replace className={buttonClasses("default", "lg", "w-full")}>
          {review ? "Sign In to Review Them" : "Sign In"}
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
