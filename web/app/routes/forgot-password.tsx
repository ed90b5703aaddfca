import { useLocation } from "react-router";
import { Card, CardContent } from "../../components/ui/card";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";

/** /forgot-password: asks for a reset link. The sign-in form passes the address typed there, if any. */
export default function ForgotPassword() {
  const state: unknown = useLocation().state;
  const email = (state as { email?: unknown } | null)?.email;
  return (
    <div className="w-full max-w-md">
      <title>Forgot password · StoryLoom</title>
      <Card>
        <CardContent className="p-6 sm:p-8">
          <ForgotPasswordForm initialEmail={typeof email === "string" ? email : ""} />
        </CardContent>
      </Card>
    </div>
  );
}
