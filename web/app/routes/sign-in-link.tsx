import { useSearchParams } from "react-router";
import { Card, CardContent } from "../../components/ui/card";
import { SignInLinkPanel } from "../../features/auth/components/sign-in-link-panel";

/** /sign-in-link?token=…, the link a blocked sign-in asked for. Open to anyone; it acts only on its button. */
export default function SignInLink() {
  const [params] = useSearchParams();
  return (
    <div className="w-full max-w-md">
      <title>Continue signing in · StoryLoom</title>
      <Card>
        <CardContent className="p-6 sm:p-8">
          <SignInLinkPanel token={params.get("token") || null} />
        </CardContent>
      </Card>
    </div>
  );
}
