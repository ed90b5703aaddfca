import { Link } from "react-router";
import type { PublicUser } from "../../../../schema/api/auth";
import { Card, CardContent } from "../../../components/ui/card";
import { toast, toastError } from "../../../components/ui/toast";
import { useValidatedForm } from "../../../lib/form";
import { changePassword } from "../api/auth-calls";
import { changePasswordFormSchema, useRefusedFields } from "../password-forms";
import { NewPasswordFields, onValidSubmit, PasswordField, SubmitButton } from "./form-parts";

const FIELDS = ["currentPassword", "newPassword", "confirmNewPassword"] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

/** The account screen's password card: a change-password form, or for OAuth-only accounts how to set one. */
export function ChangePasswordCard({ user }: { user: PublicUser }) {
  return (
    <Card className="mb-6">
      <CardContent>
        {user.hasPassword ? (
          <ChangePasswordForm username={user.username ?? user.email ?? ""} />
        ) : (
          <NoPasswordNote hasEmail={!!user.email} />
        )}
      </CardContent>
    </Card>
  );
}

function ChangePasswordForm({ username }: { username: string }) {
  const form = useValidatedForm<Field, typeof changePasswordFormSchema>(changePasswordFormSchema, EMPTY);
  const { formRef, setErrors, setValue, pending, setPending } = form;
  const showRefusal = useRefusedFields(formRef, setErrors, FIELDS);

  const onSubmit = onValidSubmit(form, async (parsed) => {
    try {
      await changePassword({ currentPassword: parsed.currentPassword, newPassword: parsed.newPassword });
      for (const field of FIELDS) setValue(field, "");
      toast({
        title: "Password updated",
        description: "You're still signed in here; your other devices have been signed out.",
        variant: "success",
      });
    } catch (error) {
      showRefusal(error);
      toastError("Update Failed", error, "Could not change your password. Please try again.");
    } finally {
      setPending(false);
    }
  });

  return (
    <>
      <h2 className="text-base font-semibold text-ink">Change password</h2>
      <p className="mt-1 text-sm text-muted">You stay signed in on this device; every other device is signed out.</p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid max-w-md gap-4">
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField form={form} field="currentPassword" label="Current password" autoComplete="current-password" />
        <NewPasswordFields form={form} field="newPassword" confirm="confirmNewPassword" />
        <div>
          <SubmitButton pending={pending} size="md" className="mt-1 w-full sm:w-auto">
            Change Password
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

/** OAuth-only accounts have no password; one can be set through a reset link sent to the account's address. */
function NoPasswordNote({ hasEmail }: { hasEmail: boolean }) {
  return (
    <>
      <h2 className="text-base font-semibold text-ink">Password</h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        You sign in with Google, GitHub or Apple, so this account has no password.
        {hasEmail && (
          <>
            {" "}
            To set one, use{" "}
            <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
              Forgot password?
            </Link>{" "}
            with your account's email address.
          </>
        )}
      </p>
    </>
  );
}
