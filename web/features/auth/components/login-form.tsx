import { LogIn } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { loginSchema } from "../../../../schema/api/auth";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { useValidatedForm } from "../../../lib/form";
import { login } from "../api/auth-calls";
import { emailFromSignIn } from "../password-forms";
import { rememberVerificationEmail } from "../verification-email";
import { bindField, onValidSubmit, PasswordField, SubmitButton } from "./form-parts";
import { SignInLinkOffer } from "./sign-in-link-offer";
import { takeAfterSignInPath } from "../../../shared/session/after-sign-in";

type Field = "username" | "password";

/** docs/product-spec.md §9: wait 2000 ms after an unverified sign-in before going to /verify-email. */
const UNVERIFIED_REDIRECT_MS = 2000;

export function LoginForm() {
  const navigate = useNavigate();
  const form = useValidatedForm<Field, typeof loginSchema>(loginSchema, { username: "", password: "" });
  const { formRef, values, pending, setPending, later } = form;
  // After a 429 (too many attempts) the form offers an emailed sign-in link (sign-in-link-offer.tsx).
  const [blocked, setBlocked] = useState(false);

  const onSubmit = onValidSubmit(form, async (parsed) => {
    try {
      await login(parsed);
      toast({ title: "Welcome back!", description: "You have successfully signed in.", variant: "success" });
      navigate(takeAfterSignInPath());
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : "";
      if (message.toLowerCase().includes("verify your email")) {
        toast({
          title: "Email verification required",
          description: "Please check your email and click the verification link before signing in.",
          variant: "destructive",
          error,
        });
        rememberVerificationEmail(parsed.username);
        later(() => navigate("/verify-email"), UNVERIFIED_REDIRECT_MS);
        return;
      }
      setPending(false);
      if (error instanceof ApiError && error.status === 429) setBlocked(true);
      toastError("Sign in failed", error, "Please check your credentials and try again.");
    }
  });

  return (
    // POST: a browser that submitted the form itself (before the page's code ran) must not put the password in a URL
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Username or email"
        {...bindField(form, "username")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <PasswordField form={form} field="password" label="Password" autoComplete="current-password" />
      <p className="-mt-1 text-right text-sm">
        {/* An address typed above goes along, so the reset form starts with it. */}
        <Link
          to="/forgot-password"
          state={{ email: emailFromSignIn(values.username) }}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <SubmitButton pending={pending} icon={<LogIn aria-hidden />}>
        Sign In
      </SubmitButton>
      {blocked && <SignInLinkOffer username={values.username} />}
    </form>
  );
}
