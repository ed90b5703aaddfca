import { useSearchParams } from "react-router";
import { Card, CardContent } from "../../components/ui/card";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { resetGeneratorState } from "../../features/generator/state";
import { useUser } from "../../shared/session/user";

/**
 * /reset-password?token=…, the link in the reset email. Open to anyone, signed in or not: setting the password
 * signs this browser out, so the generator's draft goes as on sign-out (site-header passes the same function).
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  // Takes the signed-in user web/app/preload.ts asked for when this page loaded. Unread, SWR would hand that answer
  // to the next screen that asks: after the reset has signed this tab out, the sign-in screen would get the account
  // as it was before and send the person on as if still signed in.
  useUser();
  return (
    <div className="w-full max-w-md">
      <title>Choose a new password · StoryLoom</title>
      <Card>
        <CardContent className="p-6 sm:p-8">
          <ResetPasswordForm token={params.get("token") || null} clearSignedOutState={resetGeneratorState} />
        </CardContent>
      </Card>
    </div>
  );
}
