import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Card, CardContent } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast, type ToastOptions } from "../../components/ui/toast";
import { LoginForm } from "../../features/auth/components/login-form";
import { OAuthButtons } from "../../features/auth/components/oauth-buttons";
import { RegisterForm } from "../../features/auth/components/register-form";
import { forgetVerificationEmail } from "../../features/auth/verification-email";
import { useUser } from "../../shared/session/user";

const VERIFICATION_FAILURES: Record<string, string> = {
  invalid: "This verification link is invalid.",
  expired: "This verification link has expired. Sign in to get a new one.",
  used: "This verification link has already been used. Sign in to continue.",
};

/** The toast for the Worker's redirects back here (email verification link, OAuth failure), if any. */
function redirectToast(params: URLSearchParams): ToastOptions | null {
  if (params.get("verified") === "1") {
    return { title: "Email verified", description: "Your email is verified. You can sign in now.", variant: "success" };
  }
  const failure = params.get("verification");
  if (failure && failure in VERIFICATION_FAILURES) {
    return { title: "Verification failed", description: VERIFICATION_FAILURES[failure], variant: "destructive" };
  }
  if (params.get("error") === "oauth") {
    return {
      title: "Sign in failed",
      description: "Could not sign in with that provider. Please try again.",
      variant: "destructive",
    };
  }
  return null;
}

export default function AuthPage() {
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState(params.get("tab") === "signup" ? "signup" : "signin");
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const message = redirectToast(params);
    if (!message) return;
    if (params.get("verified") === "1") forgetVerificationEmail();
    toast(message);
    setParams({}, { replace: true });
  }, [params, setParams]);

  // The form shows while the session is still being checked: most visitors here are signed out, and waiting would
  // hold the page's first paint for a round trip. A signed-in visitor is sent on as soon as that is known.
  if (user) return <Navigate to="/" replace />;

  return (
    <div className="w-full max-w-md">
      <title>Sign in · StoryLoom</title>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Welcome to StoryLoom</h1>
        <p className="mt-2 text-sm text-muted">
          Sign in to your account, or create one to turn transcripts into user stories.
        </p>
      </div>
      <Card>
        <CardContent className="p-5 sm:p-8">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="w-full">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <LoginForm />
            </TabsContent>
            <TabsContent value="signup">
              <RegisterForm />
            </TabsContent>
          </Tabs>
          <OAuthButtons />
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-xs text-muted">
        By continuing you agree to our{" "}
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to="/terms-of-service">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to="/privacy-policy">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
