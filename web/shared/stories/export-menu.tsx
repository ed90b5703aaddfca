import { ChevronDown, Download, FileCode2, FileText, FileType2, Settings } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import type { ExportFormat } from "../../lib/exports";
import { exportStories, type ExportSource } from "./export-actions";

/**
 * The Export menu of the generator and of history cards (spec §2): Markdown, JIRA-format text and PDF, then the
 * JIRA entry. Until the integrations issue adds 'Export to {integration}', a project offers 'Setup JIRA
 * Integration'; without a project the entry is shown disabled.
 */
export function ExportMenu({
  source,
  projectId,
  describedBy,
}: {
  source: ExportSource;
  projectId: number | null;
  /** The id of the card's title, so "Export" is announced with what it exports. */
  describedBy?: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function run(format: ExportFormat) {
    setBusy(true);
    try {
      await exportStories(format, source);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-describedby={describedBy} disabled={busy}>
          {busy ? <Spinner className="size-4 text-current" /> : <Download aria-hidden />}
          Export
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuItem onSelect={() => void run("markdown")}>
          <FileText aria-hidden />
          Markdown
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run("jira")}>
          <FileCode2 aria-hidden />
          JIRA-format text
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run("pdf")}>
          <FileType2 aria-hidden />
          PDF
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {projectId === null ? (
          <DropdownMenuItem disabled>
            <Settings aria-hidden />
            Assign to project for JIRA export
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => navigate(`/projects/${projectId}/settings`)}>
            <Settings aria-hidden />
            Setup JIRA Integration
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
