import { ExternalLink } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { EpicChoices, ExportReview, Integration } from "../../../schema/api/integrations";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import { getEpicChoices, postExportReview, type ExportReviewChoices } from "./api";
import { EpicItems } from "./epic-items";
import { exportWording } from "./export";
import { defaultChoices, exportButtonText, placementsFrom, type StoryChoice } from "./review";

/** What the review is of: a saved transcript's stories and the destination. */
export interface ReviewTarget {
  transcriptId: number;
  integration: Pick<Integration, "id" | "name" | "type">;
  /** The stories' titles, by position. */
  titles: string[];
  epicTitle: string;
  /** What the menu already read (it asks before opening, to export at once when nothing matched). */
  review?: ExportReview;
  epics?: EpicChoices;
  returnFocus: HTMLElement | null;
}

const NEW_EPIC = "new";

/**
 * "Review before export" (issue 41): each story with the destination's open items that may already ask for it, and
 * a choice per story (Create, Link to, Add to, Skip); the epic to go under (a new one, or an existing one the
 * destination lists, which the project can remember). Choosing an epic asks again, so the items under it that this
 * meeting did not mention are listed (never touched).
 */
export function ExportReviewDialog({
  target,
  onClose,
  onExport,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
  onExport: (target: ReviewTarget, choices: ExportReviewChoices) => void;
}) {
  if (!target) return <Dialog open={false} />;
  return <ReviewContent key={`${target.transcriptId}:${target.integration.id}`} {...{ target, onClose, onExport }} />;
}

function ReviewContent({
  target,
  onClose,
  onExport,
}: {
  target: ReviewTarget;
  onClose: () => void;
  onExport: (target: ReviewTarget, choices: ExportReviewChoices) => void;
}) {
  const { integration } = target;
  const [epics, setEpics] = useState<EpicChoices | null>(target.epics ?? null);
  // The remembered epic, while it is still open there (a closed one is not offered, and the project may forget it).
  const rememberedOpen = target.epics?.epics.find((e) => e.key === target.epics?.remembered?.key);
  const [epic, setEpic] = useState<string>(rememberedOpen?.key ?? NEW_EPIC);
  const [remember, setRemember] = useState(Boolean(target.epics?.remembered));
  const [review, setReview] = useState<ExportReview | null>(target.review ?? null);
  const [reviewedFor, setReviewedFor] = useState<string | null>(target.review ? epic : null);
  const [choices, setChoices] = useState<StoryChoice[]>(target.review ? defaultChoices(target.review) : []);
  const rememberId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  // The epics once; the review again whenever the epic changes (what lies under it is part of the answer).
  useEffect(() => {
    if (epics) return;
    let live = true;
    getEpicChoices(integration.id).then(
      (answer) => {
        if (!live) return;
        setEpics(answer);
        // opened before the epics were read: the project's epic, while open there, is the one chosen
        const open = answer.epics.find((e) => e.key === answer.remembered?.key);
        if (open) {
          setEpic(open.key);
          setRemember(true);
        }
      },
      (error) => {
        if (!live) return;
        setEpics({ epics: [], remembered: null });
        toast({
          title: "Couldn't load the epics",
          description: errorMessage(error, "The list of epics could not be read."),
          variant: "destructive",
          error,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [epics, integration.id]);
  useEffect(() => {
    if (reviewedFor === epic) return;
    let live = true;
    const { failedTitle, failedFallback } = exportWording(integration.type);
    postExportReview(target.transcriptId, integration, epic === NEW_EPIC ? undefined : epic).then(
      (answer) => {
        if (!live) return;
        setReview(answer);
        setReviewedFor(epic);
        setChoices(defaultChoices(answer));
      },
      (error) => {
        if (!live) return;
        toast({
          title: failedTitle,
          description: errorMessage(error, failedFallback),
          variant: "destructive",
          error,
        });
        close.current();
      },
    );
    return () => {
      live = false;
    };
  }, [epic, reviewedFor, target.transcriptId, integration]);

  const loading = !review || reviewedFor !== epic;
  const choose = (position: number, choice: StoryChoice) =>
    setChoices((all) => all.map((c, i) => (i === position ? choice : c)));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" returnFocus={target.returnFocus}>
        <DialogTitle>Review before exporting to {integration.name}</DialogTitle>
        <DialogDescription>
          Each story is compared with the open items in {integration.name}. Link a story to an item that asks for the
          same, add it to one, or skip it; nothing is written until you export.
        </DialogDescription>

        <div className="mt-5 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <label className="grid gap-1.5 text-sm font-medium text-ink">
            Epic
            <Select value={epic} onValueChange={setEpic}>
              <SelectTrigger className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NEW_EPIC}>A new epic: {target.epicTitle}</SelectItem>
                <EpicItems epics={epics?.epics ?? []} />
              </SelectContent>
            </Select>
          </label>
          <label htmlFor={rememberId} className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input
              id={rememberId}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember for this project
          </label>
        </div>

        {loading ? (
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="size-4" /> Comparing the stories with {integration.name}…
          </p>
        ) : (
          <>
            <p className="mt-4 text-sm text-slate-600" role="status">
              {review.searched === 0
                ? `${integration.name} has no open items to compare with.`
                : `${review.searched} open ${review.searched === 1 ? "item" : "items"} compared${review.truncated ? " (the newest)" : ""}.${review.judged ? " The suggestions were checked by the AI model." : ""}`}
            </p>
            <ol className="mt-3 grid gap-3">
              {review.stories.map((story) => (
                <StoryRow
                  key={story.position}
                  title={target.titles[story.position] ?? `Story ${story.position + 1}`}
                  story={story}
                  choice={choices[story.position] ?? "create"}
                  onChoose={(choice) => choose(story.position, choice)}
                />
              ))}
            </ol>
            {review.unmentioned.length > 0 && (
              <section className="mt-5 rounded-lg border border-line bg-slate-50 p-3">
                <h3 className="text-sm font-medium text-ink">
                  In this epic and not mentioned in this meeting ({review.unmentioned.length})
                </h3>
                <p className="text-xs text-slate-600">Listed for you to check; the export leaves them as they are.</p>
                <ul className="mt-2 grid gap-1 text-sm">
                  {review.unmentioned.map((item) => (
                    <li key={item.key} className="flex min-w-0 items-baseline gap-2">
                      <ItemLink item={item} />
                      <span className="min-w-0 truncate">{item.title}</span>
                      <span className="ml-auto shrink-0 text-xs text-slate-500">{item.status}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            autoFocus
            disabled={loading}
            onClick={() =>
              onExport(target, {
                placements: placementsFrom(choices),
                epic: epic === NEW_EPIC ? null : epic,
                ...(remember || epics?.remembered ? { rememberEpic: remember } : {}),
              })
            }
          >
            {loading ? "Export" : exportButtonText(choices)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function StoryRow({
  title,
  story,
  choice,
  onChoose,
}: {
  title: string;
  story: ExportReview["stories"][number];
  choice: StoryChoice;
  onChoose: (choice: StoryChoice) => void;
}) {
  const labelId = useId();
  return (
    <li className="rounded-lg border border-line p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <p id={labelId} className="min-w-0 text-sm font-medium break-words text-ink">
          {story.position + 1}. {title}
        </p>
        <Select value={choice} onValueChange={(value) => onChoose(value as StoryChoice)}>
          <SelectTrigger
            aria-label={`What to do with story ${story.position + 1}`}
            aria-describedby={labelId}
            className="h-8 w-full shrink-0 sm:w-48"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="create">Create</SelectItem>
            {story.matches.map((match) => (
              <SelectItem key={`link:${match.key}`} value={`link:${match.key}`}>
                Link to {match.key}
              </SelectItem>
            ))}
            {story.matches.map((match) => (
              <SelectItem key={`add:${match.key}`} value={`add:${match.key}`}>
                Add to {match.key}
              </SelectItem>
            ))}
            <SelectItem value="skip">Skip</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {story.matches.length > 0 ? (
        <ul className="mt-2 grid gap-1.5">
          {story.matches.map((match) => (
            <li key={match.key} className="text-sm">
              <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                <ItemLink item={match} />
                <span className="min-w-0 break-words">{match.title}</span>
                <span className="text-xs text-slate-500">{match.status}</span>
              </div>
              <p className="text-xs text-slate-600">
                {Math.round(match.score * 100)}% alike · shares {match.shared.slice(0, 5).join(", ")}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-500">Nothing similar found.</p>
      )}
    </li>
  );
}

/** An item's key, linked to the item in the tracker when it has an https link. */
function ItemLink({ item }: { item: { key: string; url: string } }) {
  if (!/^https:\/\//.test(item.url)) return <span className="shrink-0 font-mono text-xs">{item.key}</span>;
  return (
    <a
      href={item.url}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex shrink-0 items-center gap-1 font-mono text-xs text-brand-700 underline underline-offset-2"
    >
      {item.key}
      <ExternalLink aria-hidden className="size-3" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
