import { Check, ShieldCheck, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { TokenScope } from "../../../schema/api/access-tokens";
import type { ConsentRequest } from "../../../schema/api/mcp-authorization";
import { PageContainer } from "../../components/page";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { toastError } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import { answerConsentRequest, getConsentRequest } from "../../features/auth/api/access-token-calls";
import { SCOPE_TEXT } from "../../features/auth/components/access-tokens-card";
import { useUser } from "../../shared/session/user";

/**
 * /oauth/consent: an MCP client (Claude, an IDE…) asks to use StoryLoom as the signed-in person (issue 42). The
 * client's name and address come from the client: they are shown as text only. The answer goes to the Worker, which
 * checks that this browser opened the request, and the browser is sent back to the client.
 */
export default function McpConsent() {
  const [params] = useSearchParams();
  const handle = params.get("handle") ?? "";
  const { user } = useUser();
  const [request, setRequest] = useState<ConsentRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(handle ? null : "This link to connect an app is incomplete.");
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [pending, setPending] = useState<"allow" | "deny" | null>(null);

  useEffect(() => {
    if (!handle) return;
    let live = true;
    getConsentRequest(handle).then(
      (asked) => {
        if (!live) return;
        setRequest(asked);
        setScopes(asked.scopes);
      },
      (error) => live && setFailure(errorMessage(error, "This request to connect an app could not be read.")),
    );
    return () => {
      live = false;
    };
  }, [handle]);

  async function answer(approve: boolean) {
    setPending(approve ? "allow" : "deny");
    try {
      window.location.assign(await answerConsentRequest({ handle, approve, scopes }));
    } catch (error) {
      setPending(null);
      toastError(
        approve ? "Not Connected" : "Answer Failed",
        error,
        "Your answer could not be sent. Please try again.",
      );
    }
  }

  return (
    <PageContainer>
      <title>Connect an app · StoryLoom</title>
      <Card className="mx-auto max-w-lg">
        <CardContent>
          {failure ? (
            <>
              <h1 className="text-lg font-semibold text-ink">This request has expired</h1>
              <p className="mt-2 text-sm text-muted">{failure}</p>
              <p className="mt-2 text-sm text-muted">Start again from the app you were connecting.</p>
              <Link className="mt-4 inline-block text-sm font-medium text-brand-700 underline" to="/dashboard">
                Go to the dashboard
              </Link>
            </>
          ) : !request ? (
            <div aria-busy className="grid gap-3">
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <>
              <ShieldCheck aria-hidden className="size-8 text-brand-600" />
              <h1 className="mt-3 text-lg font-semibold break-words text-ink">
                Allow “{request.clientName}” to use StoryLoom as you?
              </h1>
              <p className="mt-2 text-sm text-muted">
                It will act as <span className="font-medium text-ink">{user?.username ?? user?.email}</span>, only with
                what you tick below, until you disconnect it under Account Settings.
              </p>
              <fieldset className="mt-5 grid gap-2">
                <legend className="mb-1 text-sm font-medium text-ink">It asks to</legend>
                {request.scopes.map((scope) => (
                  <label key={scope} className="flex items-start gap-2.5 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-brand-600"
                      checked={scopes.includes(scope)}
                      disabled={pending !== null}
                      onChange={(event) => {
                        const checked = event.target.checked;
                        setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)));
                      }}
                    />
                    <span>
                      <span className="font-medium text-ink">{scope}</span>
                      <span className="block text-xs text-muted">{SCOPE_TEXT[scope]}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <p className="mt-4 text-xs break-words text-muted">
                You will go back to <span className="font-medium text-ink">{request.redirectHost}</span>
                {request.redirectIsLoopback ? " (an app on this computer)" : ""}. Only allow apps you started connecting
                yourself.
              </p>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" disabled={pending !== null} onClick={() => void answer(false)}>
                  {pending === "deny" ? <Spinner /> : <X aria-hidden />} Deny
                </Button>
                <Button disabled={pending !== null || scopes.length === 0} onClick={() => void answer(true)}>
                  {pending === "allow" ? <Spinner /> : <Check aria-hidden />} Allow
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
