import { KeyRound, Link2Off } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { confirmSignInLink } from "../api/sign-in-link-calls";
import { AuthPanelHeading, BackToSignIn } from "./auth-panel";

const INVALID_LINK = "This sign-in link is not valid. Ask for a new one from the sign-in screen.";

/**
 * The emailed sign-in link's screen. Nothing happens on opening it (mail scanners open links too): the button spends
 * the link and gives this browser its pass, then the sign-in screen follows, where the password is still needed.
 */
export function SignInLinkPanel({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState(token ? null : INVALID_LINK);

  if (problem || !token) return <UnusableLink message={problem ?? INVALID_LINK} focus={!!token} />;

  const confirm = async () => {
    setPending(true);
    try {
      await confirmSignInLink(token);
    } catch (error) {
      setPending(false);
      // A link that cannot be used (invalid, used, expired) says why in place; anything else can be tried again.
      if (error instanceof ApiError && error.status === 400 && error.details?.field === "token") {
        setProblem(error.serverMessage);
      }
      toastError("Sign-in link failed", error, "Could not use this sign-in link. Please try again.");
      return;
    }
    toast({
      title: "This browser can sign in now",
      description: "Enter your password to finish signing in.",
      variant: "success",
    });
    navigate("/auth", { replace: true });
  };

  return (
    <>
      <AuthPanelHeading icon={KeyRound} title="Continue signing in">
        Sign-in to your account was paused after too many wrong passwords. Let this browser through, then sign in with
        your password as usual. The link works once, in this browser only.
      </AuthPanelHeading>
      <div className="mt-8 grid gap-3">
        <Button
          size="lg"
          className="w-full"
          onClick={() => void confirm()}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? <Spinner className="text-white" /> : <KeyRound aria-hidden />}
          Let This Browser Sign In
        </Button>
      </div>
      <p className="mt-4 text-center text-sm text-muted">
        Didn't ask for this? Someone may be guessing your password:{" "}
        <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          reset it
        </Link>
        .
      </p>
      <BackToSignIn />
    </>
  );
}

/** Not valid, already used or expired: the server's words and the way back to ask again. */
function UnusableLink({ message, focus }: { message: string; focus: boolean }) {
  return (
    <>
      <AuthPanelHeading icon={Link2Off} title="This link can't be used" focus={focus}>
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
