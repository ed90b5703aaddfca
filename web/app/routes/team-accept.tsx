import { CheckCircle2, Loader2, MailOpen, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { EmptyState, PageContainer } from "../../components/page";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { acceptInvitation, type AcceptedInvitation } from "../../features/team/api";
import { rememberAfterSignIn } from "../../shared/session/after-sign-in";
import { needsEmailVerification, useUser } from "../../shared/session/user";

const REDIRECT_MS = 3000;

type State = { kind: "processing" } | { kind: "joined"; team: AcceptedInvitation } | { kind: "invalid" };

/** docs/product-spec.md §2 Invitation acceptance (/team/accept/{token}). Signed out, it offers sign-in and comes back here after it. */
export default function TeamAccept() {
  const { token = "" } = useParams();
  const { user } = useUser();
  const location = useLocation();
  if (user === undefined) return <PageSpinner />;
  if (user === null) return <SignedOut path={location.pathname} />;
  if (needsEmailVerification(user)) {
    rememberAfterSignIn(location.pathname);
    return <Navigate to="/verify-email" replace />;
  }
  return <Accepting token={token} />;
}

function SignedOut({ path }: { path: string }) {
  return (
    <PageContainer className="max-w-2xl">
      <title>Team Invitation · StoryLoom</title>
      <EmptyState
        icon={MailOpen}
        title="Team Invitation"
        headingLevel={1}
        action={
          <Button asChild>
            <Link to="/auth" onClick={() => rememberAfterSignIn(path)}>
              Sign In to Accept Invitation
            </Link>
          </Button>
        }
      >
        You've been invited to join a team on StoryLoom. Sign in, or create an account, to accept it.
      </EmptyState>
    </PageContainer>
  );
}

function Accepting({ token }: { token: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: "processing" });
  const started = useRef(false);

  useEffect(() => {
    // once per load, even when React runs effects twice in development
    if (started.current) return;
    started.current = true;
    acceptInvitation(token).then(
      (team) => {
        setState({ kind: "joined", team });
        toast({
          title: "Welcome to the Team!",
          description: `You've joined ${team.ownerName}'s team.`,
          variant: "success",
        });
      },
      (error: unknown) => {
        setState({ kind: "invalid" });
        const serverText = error instanceof ApiError ? error.serverMessage : "";
        toast({
          title: "Failed to Accept Invitation",
          description:
            serverText ||
            (error instanceof ApiError && error.status === 404
              ? "Invalid or expired invitation token."
              : "There was an error accepting the invitation."),
          variant: "destructive",
          error,
        });
      },
    );
  }, [token]);

  useEffect(() => {
    if (state.kind !== "joined") return;
    const timer = setTimeout(() => navigate("/team"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <PageContainer className="max-w-2xl">
      <title>Team Invitation · StoryLoom</title>
      {state.kind === "processing" && (
        <EmptyState icon={Loader2} title="Processing Invitation" headingLevel={1}>
          <span role="status">Checking your invitation…</span>
        </EmptyState>
      )}
      {state.kind === "joined" && (
        <EmptyState
          icon={CheckCircle2}
          title="Welcome to the Team!"
          headingLevel={1}
          action={
            <Button asChild>
              <Link to="/team">Go to Team Dashboard</Link>
            </Button>
          }
        >
          <span className="grid gap-2 text-left">
            <span>
              You're now {state.team.role === "admin" ? "an admin" : "a member"} of {state.team.ownerName}'s team. Next:
            </span>
            <span>• Open the dashboard to see the team's shared projects.</span>
            <span>• Generate stories into a shared project from the generator's project selector.</span>
            <span>• Edit and export the team's stories from the history.</span>
            <span role="status" className="text-sm text-muted">
              Taking you to your team in 3 seconds…
            </span>
          </span>
        </EmptyState>
      )}
      {state.kind === "invalid" && (
        <EmptyState
          icon={XCircle}
          title="Invalid Invitation"
          headingLevel={1}
          action={
            <Button asChild variant="outline">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          }
        >
          This invitation link is invalid, expired, or has already been used.
        </EmptyState>
      )}
    </PageContainer>
  );
}
