import { CircleCheck, MailCheck, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { resendVerification } from "../../features/auth/api/auth-calls";
import { readVerificationEmail } from "../../features/auth/verification-email";
import { needsEmailVerification, useUser } from "../../shared/session/user";

/** docs/product-spec.md §9: 'Email Sent!' shows for 5 seconds. */
const SENT_FEEDBACK_MS = 5000;

type SendState = "idle" | "sending" | "sent";

export default function VerifyEmail() {
  const { user } = useUser();
  const [stored] = useState(readVerificationEmail);
  const [state, setState] = useState<SendState>("idle");
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (user === undefined) return <PageSpinner />;
  // Verified (or nothing to verify): nothing to do here.
  if (user && !needsEmailVerification(user)) return <Navigate to="/" replace />;
  const address = stored ?? user?.email ?? null;
  if (!address) return <Navigate to="/auth" replace />;

  async function resend(target: string) {
    setState("sending");
    try {
      await resendVerification(target);
      setState("sent");
      timer.current = window.setTimeout(() => setState("idle"), SENT_FEEDBACK_MS);
    } catch (error) {
      // docs/product-spec.md §7: a failed resend is only logged.
      console.error("Could not resend the verification email", error);
      setState("idle");
    }
  }

  return (
    <div className="w-full max-w-md">
      <title>Check your email · StoryLoom</title>
      <Card>
        <CardContent className="flex flex-col items-center p-6 text-center sm:p-10">
          <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MailCheck className="size-7" aria-hidden />
          </div>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">Check Your Email</h1>
          <p className="mt-3 text-sm text-muted">
            {address.includes("@")
              ? "We sent a verification link to"
              : "We sent a verification link to the email address of the account"}
          </p>
          <p className="mt-1 max-w-full font-semibold break-all text-ink">{address}</p>
          <p className="mt-4 text-sm text-muted">
            Open the email and select the link to verify your account, then sign in. The link works once and expires
            after 24 hours. If it hasn't arrived within a few minutes, check your spam folder.
          </p>
          <Button
            size="lg"
            className="mt-8 w-full"
            disabled={state !== "idle"}
            aria-live="polite"
            onClick={() => void resend(address)}
          >
            {state === "sending" && <Spinner className="text-white" />}
            {state === "sent" && <CircleCheck aria-hidden />}
            {state === "idle" && <Send aria-hidden />}
            {state === "sent" ? "Email Sent!" : state === "sending" ? "Sending…" : "Resend Verification Email"}
          </Button>
          <div className="mt-6 flex flex-col items-center gap-3 text-sm">
            <Link to="/auth" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Return to the sign-in page
            </Link>
            {/* A full-page navigation: the Worker clears the session and redirects home. */}
            <a href="/api/logout" className="text-muted underline-offset-2 hover:text-ink hover:underline">
              Sign out and use a different account
            </a>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
