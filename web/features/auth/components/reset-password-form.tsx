import { Link2Off, RectangleEllipsis } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { toast, toastError } from "../../../components/ui/toast";
import { useValidatedForm } from "../../../lib/form";
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
  const form = useValidatedForm<Field, typeof resetPasswordFormSchema>(resetPasswordFormSchema, {
    password: "",
    confirmPassword: "",
  });
  const { formRef, setErrors, pending, setPending } = form;
  const showRefusal = useRefusedFields(formRef, setErrors, FIELDS);

  if (linkProblem || !token) return <UnusableLink message={linkProblem ?? INVALID_RESET_LINK} focus={!!token} />;

  const onSubmit = onValidSubmit(form, async (parsed) => {
    try {
      await resetPassword(token, parsed.password);
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
    navigate("/auth", { replace: true });
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
