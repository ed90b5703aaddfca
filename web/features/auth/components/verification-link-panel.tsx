import { CircleCheck, Link2Off, RotateCw, ShieldQuestion, Trash2, UserCheck, UserX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { VerificationLinkDetails } from "../../../../schema/api/auth";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import {
  confirmVerificationLink,
  rejectVerificationLink,
  verificationLinkDetails,
} from "../api/verification-link-calls";
import { forgetVerificationEmail } from "../verification-email";
import { AuthPanelHeading, BackToSignIn } from "./auth-panel";

const INCOMPLETE_LINK = "This verification link is incomplete. Open the link from the email again.";

type State =
  | { kind: "loading" }
  | { kind: "unreachable" }
  | { kind: "asking"; account: VerificationLinkDetails; pending: "confirm" | "reject" | null }
  | { kind: "deleted"; account: VerificationLinkDetails }
  | { kind: "unusable"; message: string };

/** The server's words when it refused the link itself (not valid, expired, used, already verified). */
function linkProblem(error: unknown): string | undefined {
  return error instanceof ApiError && (error.status === 400 || error.status === 409) && error.details?.field === "token"
    ? error.serverMessage
    : undefined;
}

/**
 * The emailed verification link's screen (issue 26). Opening it only shows which account the link is for and asks
 * whether it is the reader's: several sign-ups may wait for one address, so the mailbox's owner confirms hers and
 * deletes any other, and a mail scanner that opens the link verifies nothing.
 */
export function VerificationLinkPanel({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    token ? { kind: "loading" } : { kind: "unusable", message: INCOMPLETE_LINK },
  );
  const started = useRef(false);

  const load = useCallback(async (linkToken: string) => {
    setState({ kind: "loading" });
    try {
      setState({ kind: "asking", account: await verificationLinkDetails(linkToken), pending: null });
    } catch (error) {
      const problem = linkProblem(error);
      setState(problem ? { kind: "unusable", message: problem } : { kind: "unreachable" });
      toastError("Verification failed", error, "Could not check this verification link. Please try again.");
    }
  }, []);

  useEffect(() => {
    // once per visit, even when React runs effects twice in development
    if (!token || started.current) return;
    started.current = true;
    void load(token);
  }, [token, load]);

  if (state.kind === "unusable" || !token)
    return <UnusableLink message={state.kind === "unusable" ? state.message : INCOMPLETE_LINK} />;
  if (state.kind === "loading") {
    return (
      <div className="flex flex-col items-center py-10 text-center" role="status">
        <Spinner className="size-8 text-brand-700" />
        <p className="mt-4 text-sm text-muted">Checking your verification link…</p>
      </div>
    );
  }
  if (state.kind === "unreachable") {
    return (
      <>
        <AuthPanelHeading icon={Link2Off} title="Couldn't check this link" focus>
          Something went wrong while checking your verification link. Nothing has changed; please try again.
        </AuthPanelHeading>
        <div className="mt-8 grid gap-3">
          <Button size="lg" className="w-full" onClick={() => void load(token)}>
            <RotateCw aria-hidden />
            Try Again
          </Button>
        </div>
        <BackToSignIn />
      </>
    );
  }
  if (state.kind === "deleted") return <Deleted account={state.account} />;

  const { account, pending } = state;
  const name = account.username ?? account.email;

  async function answer(choice: "confirm" | "reject") {
    setState({ kind: "asking", account, pending: choice });
    try {
      if (choice === "confirm") {
        await confirmVerificationLink(token!);
      } else {
        await rejectVerificationLink(token!);
      }
    } catch (error) {
      const problem = linkProblem(error);
      setState(problem ? { kind: "unusable", message: problem } : { kind: "asking", account, pending: null });
      toastError(
        choice === "confirm" ? "Verification failed" : "Could not delete the account",
        error,
        choice === "confirm"
          ? "Could not verify your account. Please try again."
          : "Could not delete this sign-up. Please try again.",
      );
      return;
    }
    if (choice === "reject") {
      setState({ kind: "deleted", account });
      toast({ title: "Sign-up deleted", description: `The account ${name} was deleted.`, variant: "success" });
      return;
    }
    forgetVerificationEmail();
    toast({
      title: "Email verified",
      description: `Your account ${name} is verified. You can sign in now.`,
      variant: "success",
    });
    navigate("/auth", { replace: true });
  }

  return (
    <>
      <AuthPanelHeading icon={ShieldQuestion} title="Is this your account?" focus>
        Someone signed up for StoryLoom with{" "}
        <span className="font-medium text-ink [overflow-wrap:anywhere]">{account.email}</span>. Check the username
        before you answer.
      </AuthPanelHeading>
      <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50/60 px-4 py-3 text-center">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">Username</p>
        <p className="mt-1 text-lg font-semibold text-ink [overflow-wrap:anywhere]" data-testid="verification-username">
          {name}
        </p>
      </div>
      <div className="mt-6 grid gap-3">
        <Button
          size="lg"
          className="w-full"
          disabled={pending !== null}
          aria-busy={pending === "confirm" || undefined}
          onClick={() => void answer("confirm")}
        >
          {pending === "confirm" ? <Spinner className="text-white" /> : <UserCheck aria-hidden />}
          Yes, Verify My Account
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          disabled={pending !== null}
          aria-busy={pending === "reject" || undefined}
          onClick={() => void answer("reject")}
        >
          {pending === "reject" ? <Spinner /> : <UserX aria-hidden />}
          No, I Did Not Sign Up
        </Button>
      </div>
      <p className="mt-4 text-center text-sm text-muted">
        Not yours? Choosing No deletes this unverified account. Nothing else changes, and your email address stays free
        to use.
      </p>
      <BackToSignIn />
    </>
  );
}

function Deleted({ account }: { account: VerificationLinkDetails }) {
  return (
    <>
      <AuthPanelHeading icon={Trash2} title="Sign-up deleted" focus>
        <span role="status">
          The account{" "}
          <span className="font-medium text-ink [overflow-wrap:anywhere]">{account.username ?? account.email}</span> was
          deleted. Nobody can use it, and nothing else has changed.
        </span>
      </AuthPanelHeading>
      <div className="mt-8 grid gap-3">
        <Link to="/auth" className={buttonClasses("default", "lg", "w-full")}>
          <CircleCheck aria-hidden />
          Done
        </Link>
      </div>
    </>
  );
}

/** Not valid, expired, used or already verified: the server's words and the way back. */
function UnusableLink({ message }: { message: string }) {
  return (
    <>
      <AuthPanelHeading icon={Link2Off} title="This link can't be used" focus>
        <span role="alert">{message}</span>
      </AuthPanelHeading>
      <div className="mt-8 grid gap-3">
        <Link to="/auth" className={buttonClasses("default", "lg", "w-full")}>
          Back to Sign In
        </Link>
      </div>
    </>
  );
}
