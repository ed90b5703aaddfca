import { MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { requestSignInLink } from "../api/sign-in-link-calls";

/**
 * Shown under the sign-in form once sign-in answered 429 (too many attempts): the owner of the account can have a
 * link emailed that lets this browser through the limits with the right password. The answer is the server's, the
 * same whether or not an account exists.
 */
export function SignInLinkOffer({ username }: { username: string }) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const send = async () => {
    if (!username.trim()) {
      toast({
        title: "Username or email needed",
        description: "Enter your username or email above first.",
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      const { message } = await requestSignInLink(username.trim());
      setSent(message);
      toast({ title: "Check your email", description: message, variant: "success" });
    } catch (error) {
      toastError("Request Failed", error, "Could not send a sign-in link. Please try again.");
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <div role="status" className="flex gap-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-ink">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <p>{sent} The link works once, for 15 minutes; after opening it, sign in here with your password.</p>
      </div>
    );
  }

  return (
    <div className="grid gap-3 rounded-md border border-line bg-slate-50 p-3 text-sm text-ink">
      <p>
        Locked out by someone else's attempts? If this is your account, we can email you a link that lets this browser
        sign in with your password.
      </p>
      <Button
        variant="outline"
        className="w-full"
        onClick={() => void send()}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? <Spinner /> : <Send aria-hidden />}
        Email me a sign-in link
      </Button>
    </div>
  );
}
