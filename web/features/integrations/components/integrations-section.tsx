import { ChevronDown, KeyRound, Layers, Pencil, Plug, Sparkles, Trash2, Wand2, Wrench } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { Integration } from "../../../../schema/api/integrations";
import { TRACKER_TYPES } from "../../../../schema/api/integration-types";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast, toastError, useErrorToast } from "../../../components/ui/toast";
import { focusAfterClose } from "../../../lib/focus";
import { deleteIntegration, INTEGRATION_TYPE_LABELS, useProjectIntegrations } from "../../../shared/integrations/api";
import { INTEGRATIONS_UNAVAILABLE_TEXT, toastIntegrationsUnavailable } from "../errors";
import { destinationOf, secretMaskOf } from "../forms";
import type { WizardType } from "../wizard-definitions";

const SECRET_LABELS: Record<Integration["type"], string> = {
  jira: "API token",
  notion: "Secret",
  linear: "API key",
  github: "Token",
  "azure-devops": "Token",
};

// The dialogs load on first use: the settings page shows the list without their code.
const WizardDialog = lazy(() => import("./wizard-dialog"));
const ManualSetupDialog = lazy(() => import("./manual-setup-dialog"));
const EditIntegrationDialog = lazy(() => import("./edit-integration-dialog"));
const EpicDialog = lazy(() => import("./epic-dialog"));

type Open =
  | { dialog: "manual"; returnFocus: HTMLElement | null }
  | { dialog: "wizard"; type: WizardType; returnFocus: HTMLElement | null }
  | { dialog: "edit" | "epic"; integration: Integration; returnFocus: HTMLElement | null }
  | null;

/**
 * Project settings' integrations (docs/product-spec.md §2): the list with Edit and Delete, the JIRA Wizard and Manual Setup. A
 * free plan (403 'Integrations are only available…') sees a card with the upgrade path instead of the list.
 */
export function IntegrationsSection({ projectId }: { projectId: number }) {
  const { data, error, mutate } = useProjectIntegrations(projectId);
  useErrorToast(error, "Error", "Failed to load the integrations.");
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<{ integration: Integration; returnFocus: HTMLElement | null } | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const trackerMenu = useRef<HTMLButtonElement>(null);
  // focus goes back to the control that opened the dialog, after Create as after Cancel
  const close = () => {
    if (open && open.dialog !== "edit" && open.dialog !== "epic") focusAfterClose(open.returnFocus);
    setOpen(null);
  };
  const unavailable = data?.available === false;

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteIntegration(deleting.integration);
      toast({
        title: "Integration Deleted",
        description: `"${deleting.integration.name}" was removed from this project.`,
        variant: "success",
      });
      setDeleting(null);
    } catch (error) {
      toastError("Delete Failed", error, "Failed to delete the integration. Please try again.");
    } finally {
      setDeletePending(false);
    }
  }

  return (
    <section aria-labelledby="integrations-heading">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="integrations-heading" className="mb-1 text-lg font-semibold text-ink">
            Integrations
          </h2>
          <p className="text-sm text-muted">Send this project's stories to the tools your team already uses.</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end sm:gap-3">
          {/* on the free plan both say why at once instead of opening a form the server would refuse */}
          <Button
            onClick={(event) =>
              unavailable
                ? toastIntegrationsUnavailable()
                : setOpen({ dialog: "wizard", type: "jira", returnFocus: event.currentTarget })
            }
          >
            <Wand2 aria-hidden />
            JIRA Wizard
          </Button>
          <Button
            variant="outline"
            onClick={(event) =>
              unavailable
                ? toastIntegrationsUnavailable()
                : setOpen({ dialog: "manual", returnFocus: event.currentTarget })
            }
          >
            <Wrench aria-hidden />
            Manual Setup
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button ref={trackerMenu} variant="outline" className="col-span-2">
                <Plug aria-hidden />
                Connect Linear, GitHub or Azure DevOps
                <ChevronDown aria-hidden className="opacity-60" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" collisionPadding={8} className="min-w-56">
              {TRACKER_TYPES.map((type) => (
                <DropdownMenuItem
                  key={type}
                  onSelect={() =>
                    unavailable
                      ? toastIntegrationsUnavailable()
                      : setOpen({ dialog: "wizard", type, returnFocus: trackerMenu.current })
                  }
                >
                  <Wand2 aria-hidden />
                  {INTEGRATION_TYPE_LABELS[type]} Wizard
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      {data?.available === false ? (
        <Card className="flex flex-col items-start gap-4 border-brand-200 bg-brand-50/60 p-5 sm:flex-row sm:items-center sm:p-6">
          <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-brand-200">
            <Sparkles className="size-5" aria-hidden />
          </div>
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-ink">Integrations are a Pro feature</h3>
            <p className="mt-1 text-sm text-muted">{INTEGRATIONS_UNAVAILABLE_TEXT}</p>
          </div>
          <Button asChild className="w-full sm:w-auto">
            <Link to="/subscription">Upgrade to Pro</Link>
          </Button>
        </Card>
      ) : data ? (
        data.integrations.length === 0 ? (
          <EmptyState icon={Plug} title="No integrations yet" headingLevel={3}>
            Connect a JIRA project with the JIRA Wizard, a Linear team, GitHub repository or Azure DevOps project with
            its wizard, or add any of them or Notion with Manual Setup. Export menus then offer 'Export to' each active
            integration.
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Integrations">
            {data.integrations.map((integration) => (
              <li key={integration.id}>
                <IntegrationRow
                  integration={integration}
                  onEdit={(returnFocus) => setOpen({ dialog: "edit", integration, returnFocus })}
                  onChooseEpic={(returnFocus) => setOpen({ dialog: "epic", integration, returnFocus })}
                  onDelete={(returnFocus) => setDeleting({ integration, returnFocus })}
                />
              </li>
            ))}
          </ul>
        )
      ) : error ? (
        <LoadError what="the integrations" onRetry={() => void mutate()} />
      ) : (
        <div role="status" aria-label="Loading integrations" className="grid gap-3">
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-2 rounded-xl border border-line bg-white p-5">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-64 max-w-full" />
            </div>
          ))}
        </div>
      )}

      <Suspense fallback={null}>
        {open?.dialog === "wizard" && (
          <WizardDialog key={open.type} projectId={projectId} type={open.type} onClose={close} />
        )}
        {open?.dialog === "manual" && <ManualSetupDialog projectId={projectId} onClose={close} />}
        {open?.dialog === "edit" && (
          <EditIntegrationDialog integration={open.integration} returnFocus={open.returnFocus} onClose={close} />
        )}
        {open?.dialog === "epic" && (
          <EpicDialog integration={open.integration} returnFocus={open.returnFocus} onClose={close} />
        )}
      </Suspense>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Integration"
        description={
          deleting
            ? `Are you sure you want to delete the integration "${deleting.integration.name}"? This project will no longer export to it. What was already exported stays in ${INTEGRATION_TYPE_LABELS[deleting.integration.type]}.`
            : ""
        }
        confirmLabel="Delete Integration"
        confirmIcon={<Trash2 aria-hidden />}
        pending={deletePending}
        returnFocus={deleting?.returnFocus}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function IntegrationRow({
  integration,
  onEdit,
  onChooseEpic,
  onDelete,
}: {
  integration: Integration;
  onEdit: (returnFocus: HTMLElement) => void;
  onChooseEpic: (returnFocus: HTMLElement) => void;
  onDelete: (returnFocus: HTMLElement) => void;
}) {
  // a Notion export is a page under a page: there is no epic to choose
  const hasEpics = integration.type !== "notion";
  const secret = secretMaskOf(integration);
  const secretLabel = SECRET_LABELS[integration.type];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold break-words text-ink">{integration.name}</h3>
          <Badge variant={integration.type === "notion" ? "purple" : "default"}>
            {INTEGRATION_TYPE_LABELS[integration.type]}
          </Badge>
          <Badge variant={integration.isActive ? "success" : "secondary"}>
            {integration.isActive ? "Active" : "Inactive"}
          </Badge>
        </div>
        <p className="mt-1 text-sm break-all text-muted">{destinationOf(integration)}</p>
        {hasEpics && (
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
            <Layers className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
            {integration.epic ? (
              <span className="min-w-0 break-words">
                Stories go under{" "}
                <a
                  href={integration.epic.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {integration.epic.key}: {integration.epic.title}
                </a>
              </span>
            ) : (
              <span>Each export makes a new epic</span>
            )}
          </p>
        )}
        <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-muted">
          <KeyRound className="size-3.5 text-slate-400" aria-hidden />
          {secretLabel}: <span className="font-mono tracking-wider text-slate-600">{secret}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {hasEpics && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Choose the epic for ${integration.name}`}
            onClick={(event) => onChooseEpic(event.currentTarget)}
          >
            <Layers aria-hidden />
            Epic
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit ${integration.name}`}
          onClick={(event) => onEdit(event.currentTarget)}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${integration.name}`}
          onClick={(event) => onDelete(event.currentTarget)}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}
