import { useSearchParams } from "react-router";
import { Card, CardContent } from "../../components/ui/card";
import { VerificationLinkPanel } from "../../features/auth/components/verification-link-panel";

/**
 * /verify-email/confirm?token=…, the link in the verification email (worker/services/auth/verification.ts). Open to
 * anyone, signed in or not: it shows the account the link is for and acts only on one of its two buttons.
 */
export default function VerifyEmailConfirm() {
  const [params] = useSearchParams();
  return (
    <div className="w-full max-w-md">
      <title>Confirm your account · StoryLoom</title>
      <Card>
        <CardContent className="p-6 sm:p-8">
          <VerificationLinkPanel token={params.get("token") || null} />
        </CardContent>
      </Card>
    </div>
  );
}
