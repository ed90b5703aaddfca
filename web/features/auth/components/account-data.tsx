import { Download, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { DataSummary } from "../../../../schema/api/account-body";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { plural } from "../../../lib/format";
import { deleteAccount, downloadAccountData, useDataSummary } from "../api/auth-calls";

const SUMMARY: { key: keyof DataSummary; label: string }[] = [
  { key: "projects", label: "Projects" },
  { key: "transcripts", label: "Transcripts" },
  { key: "integrations", label: "Integrations" },
  { key: "exports", label: "Exports to trackers and Notion" },
  { key: "teamMembers", label: "Team members and invitations" },
  { key: "teamMemberships", label: "Teams you belong to" },
  { key: "assistantConversations", label: "Help assistant chats" },
  { key: "recordings", label: "Audio recordings" },
];

/** docs/product-spec.md §2 Account settings: the data summary and the data export. */
export function DataSummaryCard() {
  const { data, error, mutate } = useDataSummary();
  const [exporting, setExporting] = useState(false);

  async function exportData() {
    setExporting(true);
    try {
      const filename = await downloadAccountData();
      toast({ title: "Export Complete", description: `Your data was downloaded as ${filename}.`, variant: "success" });
    } catch (failure) {
      toast({
        title: "Export failed",
        description: errorMessage(failure, "Your data could not be exported. Please try again."),
        variant: "destructive",
        error: failure,
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card className="mb-6">
      <CardContent>
        <h2 className="text-base font-semibold text-ink">Your data</h2>
        <p className="mt-1 text-sm text-muted">
          What StoryLoom holds for your account. Your export contains all of it as one JSON file.
        </p>
        {!data && error ? (
          <div className="mt-4">
            <LoadError what="your data summary" onRetry={() => void mutate()} />
          </div>
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={!data || undefined}>
            {SUMMARY.map(({ key, label }) => (
              <div key={key} className="rounded-lg border border-line bg-slate-50 px-3 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-xl font-semibold text-ink">
                  {data ? data[key] : <Skeleton className="mt-1 h-6 w-10" />}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <Button
          variant="outline"
          className="mt-5"
          onClick={() => void exportData()}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden />}
          {exporting ? "Preparing export..." : "Export My Data"}
        </Button>
      </CardContent>
    </Card>
  );
}

const CONFIRM_WORD = "DELETE";

/** docs/product-spec.md §2 Account settings: account deletion, with a confirmation that makes the consequence clear. */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const navigate = useNavigate();
  const { data } = useDataSummary();
  const [open, setOpen] = useState<HTMLElement | null | false>(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const inputId = useId();

  async function confirm() {
    if (typed.trim().toUpperCase() !== CONFIRM_WORD) return;
    setPending(true);
    try {
      await deleteAccount();
      onDeleted();
      navigate("/");
      toast({
        title: "Account deleted",
        description: "Your account and everything in it are gone.",
        variant: "success",
      });
    } catch (failure) {
      setPending(false);
      toast({
        title: "Deletion failed",
        description: errorMessage(failure, "Your account could not be deleted. Please try again."),
        variant: "destructive",
        error: failure,
      });
    }
  }

  return (
    <Card className="mb-6 border-red-200">
      <CardContent>
        <h2 className="text-base font-semibold text-red-800">Delete account</h2>
        <p className="mt-1 text-sm text-muted">
          Deletes your account and everything it holds, for good. An active subscription is cancelled at once.
        </p>
        <Button variant="destructive" className="mt-4" onClick={(e) => setOpen(e.currentTarget)}>
          <Trash2 className="size-4" aria-hidden />
          Delete Account
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open !== false}
        title="Delete your account?"
        description="This cannot be undone. Everything below is deleted now."
        confirmLabel={pending ? "Deleting..." : "Delete My Account"}
        confirmIcon={<Trash2 className="size-4" aria-hidden />}
        pending={pending}
        confirmDisabled={typed.trim().toUpperCase() !== CONFIRM_WORD}
        returnFocus={open || null}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setTyped("");
        }}
      >
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink">
          <li>
            {data
              ? `${plural(data.projects, "project")} and ${plural(data.transcripts, "transcript")}, with their stories`
              : "Your projects and transcripts, with their stories"}
          </li>
          <li>
            {data
              ? `${plural(data.integrations, "tracker or Notion integration", "tracker and Notion integrations")} and their credentials`
              : "Your tracker and Notion integrations"}
          </li>
          <li>Your team: its members lose access to your projects at once</li>
          <li>Your place in other teams (what you made there stays with those teams)</li>
          <li>Your subscription, cancelled immediately; your recordings, sessions and activity</li>
        </ul>
        <div className="mt-4 grid gap-1.5">
          <Label htmlFor={inputId}>Type {CONFIRM_WORD} to confirm</Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            disabled={pending}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
