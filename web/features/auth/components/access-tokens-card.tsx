import { Copy, KeyRound, Plus, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import {
  TOKEN_LIFETIMES_DAYS,
  TOKEN_SCOPES,
  createAccessTokenSchema,
  type AccessToken,
  type CreatedAccessToken,
  type TokenScope,
} from "../../../../schema/api/access-tokens";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Skeleton } from "../../../components/ui/skeleton";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { formatDate, formatRelative } from "../../../lib/format";
import type { ConnectedApp } from "../../../../schema/api/mcp-authorization";
import {
  createAccessToken,
  disconnectApp,
  revokeAccessToken,
  useAccessTokens,
  useConnectedApps,
} from "../api/access-token-calls";

export const SCOPE_TEXT: Record<TokenScope, string> = {
  read: "See projects, transcripts, stories and generations",
  write: "Create, change and delete projects, transcripts and stories",
  generate: "Generate stories and check them (counts against your plan)",
  export: "Send stories to a project's tracker (Pro and Enterprise)",
};
const NO_EXPIRY = "never";
const DEFAULT_LIFETIME = "30";

/**
 * Personal access tokens for scripts and AI agents (issue 42, docs/decisions/2026-12-08-personal-access-tokens.md):
 * the list with each token's scopes, expiry and last use, a Revoke for each, and New Token.
 */
export function AccessTokensCard() {
  const { data: tokens, error, mutate } = useAccessTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const [pending, setPending] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLElement | null>(null);

  async function revoke() {
    if (!revoking) return;
    setPending(true);
    try {
      await revokeAccessToken(revoking.id);
      toast({
        title: "Token Revoked",
        description: `"${revoking.name}" no longer works.`,
        variant: "success",
      });
      setRevoking(null);
      newButton.current?.focus();
    } catch (failure) {
      toastError("Revoke Failed", failure, "The token could not be revoked. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="mb-6">
      <CardContent>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-ink">Access tokens</h2>
            <p className="mt-1 max-w-2xl text-sm text-muted">
              Scripts and AI agents call StoryLoom's API and MCP server with a token. Give each one only the scopes it
              needs, and revoke it when it is no longer used.
            </p>
          </div>
          <Button ref={newButton} variant="outline" onClick={() => setCreating(true)}>
            <Plus aria-hidden /> New Token
          </Button>
        </div>
        {!tokens && error ? (
          <div className="mt-4">
            <LoadError what="your access tokens" onRetry={() => void mutate()} />
          </div>
        ) : !tokens ? (
          <div className="mt-4 grid gap-2" aria-busy>
            <Skeleton className="h-14 w-full" />
          </div>
        ) : tokens.length === 0 ? (
          <p className="mt-4 text-sm text-muted">No access tokens yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-lg border border-line" aria-label="Access tokens">
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                onRevoke={(button) => {
                  revokeButton.current = button;
                  setRevoking(token);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {creating && <NewTokenDialog onClose={() => setCreating(false)} returnFocus={newButton.current} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        description={`Scripts and agents using "${revoking?.name ?? ""}" will get 401 from their next call. This cannot be undone.`}
        confirmLabel="Revoke Token"
        confirmIcon={<Trash2 aria-hidden />}
        pending={pending}
        returnFocus={revokeButton.current}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: (button: HTMLElement) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          <KeyRound aria-hidden className="size-4 text-muted" />
          <span className="break-all">{token.name}</span>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{token.hint}</code>
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </p>
        <p className="mt-1 text-xs text-muted">
          Created {formatDate(new Date(token.createdAt))} ·{" "}
          {token.expiresAt === null ? (
            <span className="font-medium text-amber-800">Never expires</span>
          ) : (
            `Expires ${formatDate(new Date(token.expiresAt))}`
          )}{" "}
          · {token.lastUsedAt === null ? "Never used" : `Last used ${formatRelative(new Date(token.lastUsedAt))}`}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Revoke ${token.name}`}
        onClick={(event) => onRevoke(event.currentTarget)}
      >
        <Trash2 aria-hidden /> Revoke
      </Button>
    </li>
  );
}

function NewTokenDialog({ onClose, returnFocus }: { onClose: () => void; returnFocus: HTMLElement | null }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["read"]);
  const [lifetime, setLifetime] = useState(DEFAULT_LIFETIME);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = {
      name,
      scopes: TOKEN_SCOPES.filter((scope) => scopes.includes(scope)),
      expiresInDays: lifetime === NO_EXPIRY ? null : Number(lifetime),
    };
    const parsed = createAccessTokenSchema.safeParse(input);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setErrors({
        name: issues.find((issue) => issue.path[0] === "name")?.message,
        scopes: issues.find((issue) => issue.path[0] === "scopes")?.message,
      });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      setCreated(await createAccessToken(parsed.data));
      toast({ title: "Token Created", description: `"${parsed.data.name}" is ready to use.`, variant: "success" });
    } catch (failure) {
      toastError("Token Not Created", failure, "The token could not be created. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-lg" returnFocus={returnFocus}>
        {created ? (
          <CreatedToken created={created} onDone={onClose} />
        ) : (
          <>
            <DialogTitle>New access token</DialogTitle>
            <DialogDescription>The token acts as you, with only the scopes you tick.</DialogDescription>
            <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
              <TextField
                label="Name"
                value={name}
                maxLength={80}
                placeholder="e.g. Sprint planning agent"
                hint="So you can tell your tokens apart."
                error={errors.name}
                onChange={(event) => {
                  setName(event.target.value);
                  setErrors((current) => ({ ...current, name: undefined }));
                }}
                autoFocus
              />
              <fieldset className="grid gap-2" aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
                <legend className="mb-1 text-sm font-medium text-ink">Scopes</legend>
                {TOKEN_SCOPES.map((scope) => (
                  <label key={scope} className="flex items-start gap-2.5 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-brand-600"
                      checked={scopes.includes(scope)}
                      onChange={(event) => {
                        const checked = event.target.checked;
                        setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)));
                        setErrors((current) => ({ ...current, scopes: undefined }));
                      }}
                    />
                    <span>
                      <span className="font-medium text-ink">{scope}</span>
                      <span className="block text-xs text-muted">{SCOPE_TEXT[scope]}</span>
                    </span>
                  </label>
                ))}
                {errors.scopes && (
                  <p id="token-scopes-error" className="text-xs font-medium text-red-700">
                    {errors.scopes}
                  </p>
                )}
              </fieldset>
              <div className="grid gap-1.5">
                <Label htmlFor="token-expiry">Expires</Label>
                <Select value={lifetime} onValueChange={setLifetime}>
                  <SelectTrigger id="token-expiry" className="w-full min-w-0">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TOKEN_LIFETIMES_DAYS.map((days) => (
                      <SelectItem key={days} value={String(days)}>
                        {days === 365 ? "In 1 year" : `In ${days} days`}
                      </SelectItem>
                    ))}
                    <SelectItem value={NO_EXPIRY}>Never</SelectItem>
                  </SelectContent>
                </Select>
                {lifetime === NO_EXPIRY && (
                  <p className="text-xs font-medium text-amber-800">
                    A token that never expires works until you revoke it, wherever it has been copied. Prefer one that
                    expires.
                  </p>
                )}
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
                  {pending ? <Spinner /> : <KeyRound aria-hidden />} Create Token
                </Button>
              </div>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreatedToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      toast({ title: "Copied to Clipboard", description: "Keep the token somewhere safe.", variant: "success" });
    } catch (error) {
      toast({ title: "Failed to copy", description: "Select the token and copy it.", variant: "destructive", error });
    }
  }
  return (
    <>
      <DialogTitle>Copy your new token</DialogTitle>
      <DialogDescription>You won't see it again. If you lose it, revoke it and make a new one.</DialogDescription>
      <div className="mt-5 grid gap-1.5">
        <Label htmlFor="new-token">{created.accessToken.name}</Label>
        <div className="flex gap-2">
          <Input
            id="new-token"
            readOnly
            value={created.token}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copy token">
            <Copy aria-hidden />
          </Button>
        </div>
        <p className="mt-2 text-xs text-muted">
          Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code> to the API (described at{" "}
          <a className="underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          ) or to the MCP server at <code className="rounded bg-slate-100 px-1">/mcp</code>.
        </p>
      </div>
      <div className="mt-6 flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </>
  );
}

/**
 * The MCP clients the person let use StoryLoom through OAuth (issue 42), beside the tokens: each with its scopes and
 * a Disconnect, which ends its tokens at once.
 */
export function ConnectedAppsCard() {
  const { data: apps, error, mutate } = useConnectedApps();
  const [disconnecting, setDisconnecting] = useState<ConnectedApp | null>(null);
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  async function disconnect() {
    if (!disconnecting) return;
    setPending(true);
    try {
      await disconnectApp(disconnecting.id);
      toast({
        title: "App Disconnected",
        description: `"${disconnecting.clientName}" no longer works.`,
        variant: "success",
      });
      setDisconnecting(null);
    } catch (failure) {
      toastError("Disconnect Failed", failure, "The app could not be disconnected. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="mb-6">
      <CardContent>
        <h2 className="text-base font-semibold text-ink">Connected apps</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          AI apps you signed in to StoryLoom's MCP server, such as Claude or your editor.
        </p>
        {!apps && error ? (
          <div className="mt-4">
            <LoadError what="your connected apps" onRetry={() => void mutate()} />
          </div>
        ) : !apps ? (
          <Skeleton className="mt-4 h-14 w-full" />
        ) : apps.length === 0 ? (
          <p className="mt-4 text-sm text-muted">No connected apps.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-lg border border-line" aria-label="Connected apps">
            {apps.map((app) => (
              <li key={app.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-all text-ink">{app.clientName}</p>
                  <p className="mt-1 flex flex-wrap gap-1.5" aria-label="Scopes">
                    {app.scopes.map((scope) => (
                      <Badge key={scope}>{scope}</Badge>
                    ))}
                  </p>
                  <p className="mt-1 text-xs text-muted">Connected {formatDate(new Date(app.createdAt))}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Disconnect ${app.clientName}`}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setDisconnecting(app);
                  }}
                >
                  <Trash2 aria-hidden /> Disconnect
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={disconnecting !== null}
        title="Disconnect this app?"
        description={`"${disconnecting?.clientName ?? ""}" will get 401 from its next call, until you connect it again.`}
        confirmLabel="Disconnect"
        confirmIcon={<Trash2 aria-hidden />}
        pending={pending}
        returnFocus={opener.current}
        onConfirm={() => void disconnect()}
        onCancel={() => setDisconnecting(null)}
      />
    </Card>
  );
}
