import { Inbox, KeySquare, Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toastError } from "../../../components/ui/toast";
import { useValidatedForm } from "../../../lib/form";
import { requestPasswordReset } from "../api/auth-calls";
import { forgotPasswordFormSchema } from "../password-forms";
import { AuthPanelHeading, BackToSignIn } from "./auth-panel";
import { bindField, onValidSubmit, SubmitButton } from "./form-parts";

/** "Forgot password?": asks for the address, then shows the server's answer in place of the form. */
export function ForgotPasswordForm({ initialEmail = "" }: { initialEmail?: string }) {
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const form = useValidatedForm<"email", typeof forgotPasswordFormSchema>(forgotPasswordFormSchema, {
    email: initialEmail,
  });
  const { formRef, pending, setPending } = form;

  const onSubmit = onValidSubmit(form, async (parsed) => {
    try {
      const { message } = await requestPasswordReset(parsed.email);
      setSent({ message, email: parsed.email });
    } catch (error) {
      toastError("Request Failed", error, "Could not send a reset link. Please try again.");
    } finally {
      setPending(false);
    }
  });

  if (sent) return <ResetLinkSent {...sent} onUseAnotherAddress={() => setSent(null)} />;

  return (
    <>
      <AuthPanelHeading icon={KeySquare} title="Forgot your password?">
        Enter the email address of your account and we'll send you a link to choose a new password.
      </AuthPanelHeading>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
        <TextField
          label="Email"
          {...bindField(form, "email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <SubmitButton pending={pending} icon={<Mail aria-hidden />}>
          Send Reset Link
        </SubmitButton>
      </form>
      <BackToSignIn />
    </>
  );
}

/** The server's answer (the same whether or not an account uses the address), in place of the form. */
function ResetLinkSent({
  message,
  email,
  onUseAnotherAddress,
}: {
  message: string;
  email: string;
  onUseAnotherAddress: () => void;
}) {
  return (
    <>
      <AuthPanelHeading icon={Inbox} title="Check your email" focus>
        <span className="block font-semibold break-all text-ink">{email}</span>
        <span className="mt-1 block text-ink">{message}</span>
        <span className="mt-3 block">
          The link works once and expires after 1 hour. If it hasn't arrived within a few minutes, check your spam
          folder.
        </span>
      </AuthPanelHeading>
      <div className="mt-8 grid gap-3">
        <Link to="/auth" className={buttonClasses("default", "lg", "w-full")}>
          Back to Sign In
        </Link>
        <Button variant="ghost" className="w-full" onClick={onUseAnotherAddress}>
          Use a different address
        </Button>
      </div>
    </>
  );
}
