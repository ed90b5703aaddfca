import { Plus, RefreshCw, RotateCcw, Save, Target, Trash2, Undo2, Upload, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type JSX, type Ref } from "react";
import type { Quality, StoryQuality } from "../../../schema/api/quality-body";
import {
  STORY_LIMITS,
  STORY_PRIORITIES,
  type Epic,
  type GeneratedStories,
  type StaleStoriesDetails,
  type StoryPriority,
  type UserStory,
} from "../../../schema/api/transcripts";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { TextareaField, TextField } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast, toastError } from "../../components/ui/toast";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";
import { FieldIssues } from "../quality/field-mark";
import { issuesByField } from "../quality/model";
import { QualityBadge } from "../quality/quality-badge";
import { SetIssuesNotice } from "../quality/set-issues";
import { storyQualityFor, useStoryCheck, type CheckStatus, type KeyedQuality } from "../quality/use-story-check";
import { staleStories } from "../transcripts/api";
import {
  addCriterion,
  addStory,
  canAddCriterion,
  canAddStory,
  copyStories,
  isDirty,
  isTimelineChoice,
  joinWithPreviousCriterion,
  normaliseForSave,
  parseHours,
  pointChoices,
  removeCriterion,
  removeStory,
  restoreStory,
  setStoryPoints,
  timelineChoices,
  typeIntoCriterion,
  UNTITLED_STORY,
  updateCriterion,
  updateEpic,
  updateStory,
  type CriterionCaret,
} from "./edit-stories";
import { CriterionField } from "./criterion-field";

type Tab = "epic" | "stories";

/** One opening of the editor: the draft, what it was opened with (for the unsaved-changes check) and React keys. */
interface Session {
  draft: GeneratedStories;
  saved: GeneratedStories;
  /** The version of `saved`: a save names it, and the server refuses it once the stories were saved elsewhere. */
  version: number;
  /** A stable key per story, so removing one does not shift the others' inputs. */
  keys: number[];
  nextKey: number;
  tab: Tab;
  /** The saved quality report on `stories` as the editor opened them; the re-checks start from it. */
  initialQuality: KeyedQuality | null;
  /** The key of a story added on opening ("Add as story"), focused first. */
  addedKey: number | null;
  /** The story deleted last, which Undo puts back where it was; dropped when the draft is replaced. */
  removed: RemovedStory | null;
}

interface RemovedStory {
  story: UserStory;
  key: number;
  index: number;
}

/** A story's Delete, from the question to its answer; `trigger` is the Delete button, where Cancel returns focus. */
interface Deletion {
  index: number;
  /** The question, kept as asked while the dialog fades out (the list behind it has changed by then). */
  question: string;
  trigger: HTMLElement | null;
  phase: "asking" | "cancelled" | "deleted";
}

function startSession(
  stories: GeneratedStories,
  version: number,
  quality: Quality | null,
  added: UserStory | null,
): Session {
  const draft = copyStories(stories);
  const keys = draft.userStories.map((_, i) => i);
  const initialQuality = quality ? { quality, keys, storiesJson: JSON.stringify(normaliseForSave(stories)) } : null;
  const session: Session = {
    draft,
    saved: copyStories(stories),
    version,
    keys,
    nextKey: keys.length,
    tab: "epic",
    initialQuality,
    addedKey: null,
    removed: null,
  };
  if (!added || !canAddStory(draft)) return session;
  return {
    ...session,
    draft: { ...draft, userStories: [...draft.userStories, structuredClone(added)] },
    keys: [...keys, session.nextKey],
    nextKey: session.nextKey + 1,
    tab: "stories",
    addedKey: session.nextKey,
  };
}

/** The session with a new draft; its stories get fresh keys, so no input keeps a replaced story's state. */
function withDraft(session: Session, stories: GeneratedStories): Session {
  const draft = copyStories(stories);
  return {
    ...session,
    draft,
    keys: draft.userStories.map((_, i) => session.nextKey + i),
    nextKey: session.nextKey + draft.userStories.length,
    removed: null,
  };
}

/**
 * The story editor dialog (docs/product-spec.md §2 'Edit Stories Before Export', §4 Editor). Edits stay in a local copy until
 * Save Changes or Export to JIRA; closing with unsaved changes asks first. Each opening starts from `stories`.
 */
export function StoryEditorDialog({
  open,
  onOpenChange,
  stories,
  version,
  original,
  onSave,
  onExport,
  exportUnavailable,
  exportLabel = "Export to JIRA",
  transcript,
  quality = null,
  addedStory = null,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The stories as currently saved (the editor opens with a deep copy of them). */
  stories: GeneratedStories;
  /** The version of `stories` (Transcript.storiesVersion), which saves and exports name. */
  version: number;
  /** The stories as first generated, for Reset to Original (may equal `stories`). */
  original: GeneratedStories;
  /**
   * Persists the edited stories as an edit of `version`; resolves when saved, rejects with an Error (ApiError) on
   * failure, and with a stale-stories 409 (`staleStories`) when they were saved elsewhere since.
   */
  onSave(stories: GeneratedStories, version: number): Promise<void>;
  /** Export to JIRA: the host's export handler; the dialog calls it with the current edits and closes. */
  onExport(stories: GeneratedStories, version: number): void;
  /** Why Export to JIRA cannot run (e.g. no project): the button is disabled and this is shown beside it. */
  exportUnavailable?: string;
  /** The export button's text: "Export to JIRA", or "Export to {name}" for a project whose tracker is another. */
  exportLabel?: string;
  /** The transcript's text: the re-checks send it, so their coverage and evidence checks read the meeting. */
  transcript?: string;
  /** The quality report on `stories` (Transcript.quality): the badges' first scores, renewed as the draft changes. */
  quality?: Quality | null;
  /** A story to add on opening ("Add as story" on an uncovered ask): the editor opens on it, unsaved. */
  addedStory?: UserStory | null;
  /** Where focus goes on close when the control that opened the editor is gone (e.g. an ask now covered). */
  returnFocus?: () => HTMLElement | null;
}): JSX.Element {
  const [session, setSession] = useState<Session | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [saveFailures, setSaveFailures] = useState(0);
  // What is saved now, after a save was refused because the stories changed elsewhere: reload it or overwrite it.
  const [stale, setStale] = useState<StaleStoriesDetails | null>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  // The Undo button of the last deletion: focus goes there once the question closes.
  const [undoButton, setUndoButton] = useState<HTMLButtonElement | null>(null);
  // A fresh copy on every opening, dropped on close (state adjusted while rendering, not in an effect).
  if (open !== (session !== null)) {
    setSession(open ? startSession(stories, version, quality, addedStory) : null);
    setSaving(false);
    setConfirmingClose(false);
    setStale(null);
    setDeletion(null);
  }

  const baseId = useId();
  const epicTitleRef = useRef<HTMLInputElement>(null);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  // The control to focus after the next render (a new story's title, the neighbour of a removed line…).
  const pendingFocus = useRef<{ id: string; scroll: boolean; caret?: number } | null>(null);
  // Where focus was when the discard question opened, to return there on Keep Editing.
  const focusBeforeConfirm = useRef<HTMLElement | null>(null);
  // What opened the editor, to return focus there on close (Radix only does that for its own trigger).
  const opener = useRef<HTMLElement | null>(null);

  // The quality gate over the draft, re-run as it changes (debounced); each badge follows its story by key.
  const openDraft = session?.draft;
  const draftForCheck = useMemo(() => (openDraft ? normaliseForSave(openDraft) : null), [openDraft]);
  const check = useStoryCheck({
    stories: draftForCheck,
    keys: session?.keys ?? [],
    transcript,
    initial: session?.initialQuality ?? null,
  });

  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    pendingFocus.current = null;
    const element = document.getElementById(request.id);
    if (!element) return;
    if (request.scroll) element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: request.scroll });
    if (request.caret !== undefined && element instanceof HTMLTextAreaElement) {
      element.setSelectionRange(request.caret, request.caret);
    }
  });

  // A reload or a closed tab would lose the edits too: the browser asks first while there are unsaved ones.
  const dirty = useMemo(() => (session ? isDirty(session.draft, session.saved) : false), [session]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    // After a failed save the button is enabled again: put focus back where it was.
    if (saveFailures > 0) saveButtonRef.current?.focus();
  }, [saveFailures]);

  const ids = {
    addStory: `${baseId}-add-story`,
    storyTitle: (key: number) => `${baseId}-story-${key}-title`,
    criterion: (key: number, index: number) => `${baseId}-story-${key}-criterion-${index}`,
    addCriterion: (key: number) => `${baseId}-story-${key}-add-criterion`,
    undo: `${baseId}-undo-delete`,
  };

  function focusAfterRender(id: string, scroll = false, caret?: number) {
    pendingFocus.current = { id, scroll, caret };
  }

  function edit(change: (draft: GeneratedStories) => GeneratedStories) {
    setSession((s) => s && { ...s, draft: change(s.draft) });
  }

  function close() {
    setConfirmingClose(false);
    onOpenChange(false);
  }

  /** X, Escape, a click outside and Cancel: ask first when there are unsaved changes. */
  function requestClose() {
    if (saving || !session) return;
    if (isDirty(session.draft, session.saved)) {
      focusBeforeConfirm.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirmingClose(true);
    } else {
      close();
    }
  }

  function onAddStory() {
    if (!session || !canAddStory(session.draft)) return;
    const key = session.nextKey;
    setSession({
      ...session,
      draft: addStory(session.draft),
      keys: [...session.keys, key],
      nextKey: key + 1,
    });
    focusAfterRender(ids.storyTitle(key), true);
  }

  /** Delete asks first; the answer is `onConfirmDelete` or Cancel (focus back on the Delete button). */
  function onRemoveStory(index: number, trigger: HTMLElement | null) {
    if (!session) return;
    setDeletion({
      index,
      trigger,
      phase: "asking",
      question: deleteQuestion(session.draft.userStories[index], index + 1),
    });
  }

  /** Removes the story and keeps it for Undo, whose button takes its place in the list and the focus. */
  function onConfirmDelete() {
    if (!session || deletion?.phase !== "asking") return;
    const { index } = deletion;
    const story = session.draft.userStories[index];
    const key = session.keys[index];
    if (!story || key === undefined) return setDeletion(null);
    setSession({
      ...session,
      draft: removeStory(session.draft, index),
      keys: session.keys.filter((_, i) => i !== index),
      removed: { story, key, index },
    });
    setDeletion({ ...deletion, phase: "deleted" });
  }

  /** Undo: the deleted story goes back at its place, with its key (so its quality badge comes back with it). */
  function onUndoDelete() {
    if (!session?.removed || !canAddStory(session.draft)) return;
    const { story, key, index } = session.removed;
    const at = Math.min(index, session.keys.length);
    setSession({
      ...session,
      draft: restoreStory(session.draft, at, story),
      keys: [...session.keys.slice(0, at), key, ...session.keys.slice(at)],
      removed: null,
    });
    focusAfterRender(ids.storyTitle(key));
  }

  function onDismissUndo() {
    if (!session?.removed) return;
    const next = session.keys[session.removed.index] ?? session.keys[session.removed.index - 1];
    setSession({ ...session, removed: null });
    focusAfterRender(next === undefined ? ids.addStory : ids.storyTitle(next));
  }

  /** Enter or a pasted list in a criterion: new lines become new criteria, and the caret follows. */
  function onBreakCriterion(
    index: number,
    key: number,
    criterionIndex: number,
    start: number,
    end: number,
    text: string,
  ) {
    if (!session) return;
    const result = typeIntoCriterion(session.draft, index, criterionIndex, start, end, text);
    if (!result || result.stories === session.draft) return;
    applyCriteria(result.stories, key, result.caret);
  }

  function onJoinCriterion(index: number, key: number, criterionIndex: number) {
    if (!session) return;
    const result = joinWithPreviousCriterion(session.draft, index, criterionIndex);
    if (result) applyCriteria(result.stories, key, result.caret);
  }

  function applyCriteria(stories: GeneratedStories, key: number, caret: CriterionCaret) {
    setSession((s) => s && { ...s, draft: stories });
    focusAfterRender(ids.criterion(key, caret.criterion), false, caret.caret);
  }

  function onAddCriterion(index: number, key: number) {
    if (!session) return;
    const story = session.draft.userStories[index];
    if (!story || !canAddCriterion(story)) return;
    edit((draft) => addCriterion(draft, index));
    focusAfterRender(ids.criterion(key, story.acceptanceCriteria.length));
  }

  function onRemoveCriterion(index: number, key: number, criterionIndex: number) {
    if (!session) return;
    const story = session.draft.userStories[index];
    if (!story) return;
    edit((draft) => removeCriterion(draft, index, criterionIndex));
    const left = story.acceptanceCriteria.length - 1;
    focusAfterRender(left === 0 ? ids.addCriterion(key) : ids.criterion(key, Math.min(criterionIndex, left - 1)));
  }

  function onReset() {
    if (!session) return;
    setSession(withDraft(session, original));
    toast({
      title: "Reset Complete",
      description: "All changes have been reset to original values.",
      variant: "success",
    });
  }

  /** Saves the draft as an edit of `baseVersion` (the session's, or the newer one being overwritten). */
  async function save(baseVersion: number) {
    if (!session || saving) return;
    const edited = normaliseForSave(session.draft);
    setSaving(true);
    try {
      await onSave(edited, baseVersion);
      setSession((s) => s && { ...s, draft: edited, saved: edited });
      setSaving(false);
      toast({ title: "Changes Saved", description: "Your edits have been saved successfully.", variant: "success" });
      close();
    } catch (error) {
      setSaving(false);
      const current = staleStories(error);
      if (current) {
        setStale(current);
        return;
      }
      setSaveFailures((n) => n + 1);
      toastError("Update Failed", error, "Failed to save your changes. Please try again.");
    }
  }

  /** The stories saved elsewhere replace the draft, and become what this editor edits. */
  function onReloadStale() {
    if (!session || !stale) return;
    setSession({
      ...withDraft(session, stale.generatedStories),
      saved: copyStories(stale.generatedStories),
      version: stale.storiesVersion,
    });
    setStale(null);
    toast({
      title: "Stories Reloaded",
      description: "The editor now shows the latest saved stories.",
      variant: "success",
    });
  }

  /** Saves the draft over the stories saved elsewhere (against their version, so a yet newer save still asks). */
  function onOverwriteStale() {
    if (!session || !stale) return;
    const newer = stale.storiesVersion;
    setSession({ ...session, version: newer });
    setStale(null);
    void save(newer);
  }

  function onExportClick() {
    if (!session || saving || exportUnavailable) return;
    onExport(normaliseForSave(session.draft), session.version);
    close();
  }

  const draft = session?.draft;
  const count = draft?.userStories.length ?? 0;
  const removed = session?.removed ?? null;

  /** The 'Story deleted' notice with its Undo, in the list where the deleted story was. */
  function undoAt(index: number) {
    if (!removed || Math.min(removed.index, count) !== index) return null;
    const title = removed.story.title.trim() || UNTITLED_STORY;
    return (
      <li
        key="undo"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm"
      >
        <p role="status" id={`${ids.undo}-text`} className="min-w-0 flex-1 text-ink">
          Story deleted: <span className="font-medium break-words">{title}</span>
        </p>
        <div className="flex items-center gap-1">
          <Button
            ref={setUndoButton}
            id={ids.undo}
            variant="outline"
            size="sm"
            onClick={onUndoDelete}
            disabled={!draft || !canAddStory(draft)}
            aria-describedby={`${ids.undo}-text`}
          >
            <Undo2 aria-hidden />
            Undo
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDismissUndo}
            aria-label="Dismiss"
            title="Dismiss"
            className="text-slate-500"
          >
            <X aria-hidden />
          </Button>
        </div>
      </li>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      {session && draft && (
        <DialogContent
          aria-busy={saving || undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const added = session.addedKey === null ? null : document.getElementById(ids.storyTitle(session.addedKey));
            if (added) {
              added.scrollIntoView({ block: "center" });
              added.focus({ preventScroll: true });
            } else {
              epicTitleRef.current?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : returnFocus?.();
            target?.focus();
          }}
          className={cn(
            "flex h-[100dvh] max-h-[100dvh] w-full max-w-none flex-col overflow-hidden rounded-none border-0 p-0",
            "sm:h-[calc(100dvh-4rem)] sm:max-h-[56rem] sm:w-[calc(100%-3rem)] sm:max-w-4xl sm:rounded-xl sm:border",
            // Wide screens: 2 rem above, 8 rem below, so a toast in the bottom corner ('Reset Complete') never
            // covers Save Changes.
            "sm:top-[calc(50%-3rem)] sm:h-[calc(100dvh-10rem)]",
            // The built-in close button (the content's last child) at a 40 px touch size.
            "[&>button:last-child]:size-10",
          )}
        >
          <Tabs
            value={session.tab}
            onValueChange={(tab) => setSession((s) => s && { ...s, tab: tab as Tab })}
            className="flex min-h-0 flex-1 flex-col"
          >
            <div className="border-b border-line px-4 pt-5 pb-4 sm:px-6">
              <DialogTitle>Edit Stories Before Export</DialogTitle>
              <DialogDescription className="max-sm:sr-only">
                Changes stay in this editor until you save them or export to JIRA.
              </DialogDescription>
              <TabsList className="mt-4 h-12 w-full sm:w-auto [&>button]:h-10">
                <TabsTrigger value="epic">Epic Details</TabsTrigger>
                <TabsTrigger value="stories">User Stories ({count})</TabsTrigger>
              </TabsList>
            </div>

            <div
              inert={saving}
              className={cn("min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6", saving && "opacity-70")}
            >
              <TabsContent value="epic" className="mt-0">
                <EpicFields
                  epic={draft.epic}
                  titleRef={epicTitleRef}
                  extraTimelines={[draft.epic.timeline, session.saved.epic.timeline, original.epic.timeline]}
                  onChange={(patch) => edit((d) => updateEpic(d, patch))}
                />
              </TabsContent>

              <TabsContent value="stories" className="mt-0">
                <QualitySummary
                  status={check.status}
                  asks={check.result?.quality.coverage?.asks ?? null}
                  onCheckNow={check.checkNow}
                />
                {check.result && check.result.quality.set.length > 0 && (
                  <div className="mb-4">
                    <SetIssuesNotice
                      issues={check.result.quality.set}
                      positions={(p) => {
                        const key = check.result?.keys[p];
                        return key === undefined ? -1 : session.keys.indexOf(key);
                      }}
                    />
                  </div>
                )}
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-muted">
                    {count >= STORY_LIMITS.stories
                      ? `${plural(count, "story", "stories")}: the most an epic can hold.`
                      : "Each story is exported to JIRA under the epic."}
                  </p>
                  <Button
                    id={ids.addStory}
                    variant="outline"
                    onClick={onAddStory}
                    disabled={!canAddStory(draft)}
                    className="w-full sm:w-auto"
                  >
                    <Plus aria-hidden />
                    Add Story
                  </Button>
                </div>
                {count === 0 && !session.removed ? (
                  <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-muted">
                    No user stories. Add one to include it in the export.
                  </p>
                ) : (
                  <ol className="mt-4 grid gap-4" aria-label="User stories">
                    {draft.userStories.map((story, index) => {
                      const key = session.keys[index] ?? -1 - index;
                      return (
                        <StoryItem key={key} before={undoAt(index)}>
                          <StoryFields
                            story={story}
                            number={index + 1}
                            titleId={ids.storyTitle(key)}
                            quality={storyQualityFor(check.result, key)}
                            checking={check.status !== "checked"}
                            criterionId={(i) => ids.criterion(key, i)}
                            addCriterionId={ids.addCriterion(key)}
                            onChange={(patch) => edit((d) => updateStory(d, index, patch))}
                            onPointsChange={(points) => edit((d) => setStoryPoints(d, index, points))}
                            onRemove={(trigger) => onRemoveStory(index, trigger)}
                            onCriterionChange={(i, text) => edit((d) => updateCriterion(d, index, i, text))}
                            onCriterionBreak={(i, start, end, text) =>
                              onBreakCriterion(index, key, i, start, end, text)
                            }
                            onCriterionJoin={(i) => onJoinCriterion(index, key, i)}
                            onAddCriterion={() => onAddCriterion(index, key)}
                            onRemoveCriterion={(i) => onRemoveCriterion(index, key, i)}
                          />
                        </StoryItem>
                      );
                    })}
                    {undoAt(count)}
                  </ol>
                )}
              </TabsContent>
            </div>

            {exportUnavailable && (
              <p id={`${baseId}-export-note`} className="border-t border-line px-4 pt-3 text-xs text-muted sm:px-6">
                {exportUnavailable}
              </p>
            )}
            <div
              className={cn(
                "grid grid-cols-2 gap-2 px-4 py-3 sm:flex sm:items-center sm:gap-3 sm:px-6 sm:py-4",
                !exportUnavailable && "border-t border-line",
              )}
            >
              <Button variant="outline" onClick={onReset} disabled={saving} className="px-3 sm:mr-auto sm:px-4">
                <RotateCcw aria-hidden />
                Reset to Original
              </Button>
              <Button variant="ghost" onClick={requestClose} disabled={saving} className="px-3 sm:px-4">
                Cancel
              </Button>
              <Button
                variant="outline"
                onClick={onExportClick}
                disabled={saving || !!exportUnavailable}
                aria-describedby={exportUnavailable ? `${baseId}-export-note` : undefined}
                className="px-3 sm:px-4"
              >
                <Upload aria-hidden />
                {exportLabel}
              </Button>
              <Button
                ref={saveButtonRef}
                onClick={() => session && void save(session.version)}
                disabled={saving}
                aria-busy={saving || undefined}
                className="px-3 sm:px-4"
              >
                {saving ? <Spinner className="text-white" /> : <Save aria-hidden />}
                Save Changes
              </Button>
            </div>
          </Tabs>

          <ConfirmDialog
            open={confirmingClose}
            title="Discard unsaved changes?"
            description="You have edits that have not been saved. If you close the editor now, they will be lost."
            cancelLabel="Keep Editing"
            confirmLabel="Discard Changes"
            returnFocus={focusBeforeConfirm.current}
            onConfirm={close}
            onCancel={() => setConfirmingClose(false)}
          />
          <ConfirmDialog
            open={deletion?.phase === "asking"}
            title="Delete this story?"
            description={deletion?.question ?? ""}
            confirmLabel="Delete Story"
            confirmIcon={<Trash2 aria-hidden />}
            returnFocus={deletion?.phase === "deleted" ? undoButton : (deletion?.trigger ?? null)}
            onConfirm={onConfirmDelete}
            onCancel={() => setDeletion((d) => d && { ...d, phase: "cancelled" })}
          />
          {/* Keep Editing (or Escape) decides later: the next Save asks again. */}
          <ConfirmDialog
            open={stale !== null}
            title="These stories have changed"
            description="They were saved in another tab or window after you started editing. Reload them to see that version (your edits here are dropped), or overwrite it with your edits."
            cancelLabel="Keep Editing"
            alternative={{ label: "Reload Current Stories", onSelect: onReloadStale }}
            confirmLabel="Overwrite with My Edits"
            returnFocus={saveButtonRef.current}
            onConfirm={onOverwriteStale}
            onCancel={() => setStale(null)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A story's place in the list, with the Undo notice of a story deleted just before it. */
function StoryItem({ before, children }: { before: JSX.Element | null; children: JSX.Element }) {
  return (
    <>
      {before}
      <li>{children}</li>
    </>
  );
}

function deleteQuestion(story: UserStory | undefined, number: number): string {
  const title = story?.title.trim() || UNTITLED_STORY;
  return `Story ${number}, “${title}”, will be removed from these stories. Nothing is saved until you choose Save Changes.`;
}

// docs/product-spec.md §4 Priority colours, in the palette of the priority badges (components/transcript-badges.tsx).
const PRIORITY_DOT: Record<StoryPriority, string> = {
  Highest: "bg-red-600",
  High: "bg-orange-500",
  Medium: "bg-yellow-400",
  Low: "bg-emerald-500",
  Lowest: "bg-slate-400",
};

function PrioritySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: StoryPriority;
  onChange: (priority: StoryPriority) => void;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as StoryPriority)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {STORY_PRIORITIES.map((priority) => (
          <SelectItem key={priority} value={priority}>
            <span className="inline-flex items-center gap-2">
              <span aria-hidden className={cn("inline-block size-2.5 shrink-0 rounded-full", PRIORITY_DOT[priority])} />
              {priority}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Radix Select values cannot be empty: this one stands for 'no timeline'. */
const NO_TIMELINE = "__none__";

function EpicFields({
  epic,
  titleRef,
  extraTimelines,
  onChange,
}: {
  epic: Epic;
  titleRef: Ref<HTMLInputElement>;
  /** Timelines to keep offering although they are not among the six choices (the draft's, saved and original). */
  extraTimelines: (string | undefined)[];
  onChange: (patch: Partial<Epic>) => void;
}) {
  const id = useId();
  const timeline = epic.timeline?.trim() ? epic.timeline : undefined;
  const choices = timelineChoices();
  const others = [...new Set(extraTimelines.filter((t): t is string => !!t?.trim() && !isTimelineChoice(t)))];
  return (
    <div className="grid gap-5">
      <TextField
        ref={titleRef}
        id={`${id}-title`}
        label="Title"
        autoComplete="off"
        maxLength={STORY_LIMITS.title}
        value={epic.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <TextareaField
        id={`${id}-description`}
        label="Description"
        rows={4}
        maxLength={STORY_LIMITS.description}
        value={epic.description}
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <PrioritySelect id={`${id}-priority`} value={epic.priority} onChange={(priority) => onChange({ priority })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-epic-priority`}>Epic Priority</Label>
          <PrioritySelect
            id={`${id}-epic-priority`}
            value={epic.priority}
            onChange={(priority) => onChange({ priority })}
          />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-timeline`}>Timeline</Label>
          <Select
            value={timeline ?? NO_TIMELINE}
            onValueChange={(value) => onChange({ timeline: value === NO_TIMELINE ? undefined : value })}
          >
            <SelectTrigger id={`${id}-timeline`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_TIMELINE}>
                <span className="text-muted">No timeline</span>
              </SelectItem>
              {others.map((value) => (
                <SelectItem key={value} value={value}>
                  {value}
                </SelectItem>
              ))}
              {choices.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <TextField
          id={`${id}-team`}
          label="Team/Component"
          autoComplete="off"
          maxLength={STORY_LIMITS.team}
          value={epic.team}
          onChange={(e) => onChange({ team: e.target.value })}
        />
      </div>
    </div>
  );
}

function StoryFields({
  story,
  number,
  titleId,
  quality,
  checking,
  criterionId,
  addCriterionId,
  onChange,
  onPointsChange,
  onRemove,
  onCriterionChange,
  onCriterionBreak,
  onCriterionJoin,
  onAddCriterion,
  onRemoveCriterion,
}: {
  story: UserStory;
  number: number;
  titleId: string;
  /** The latest report on this story; undefined until its first check (a story just added). */
  quality: StoryQuality | undefined;
  /** A newer check is due or running. */
  checking: boolean;
  criterionId: (index: number) => string;
  addCriterionId: string;
  onChange: (patch: Partial<UserStory>) => void;
  onPointsChange: (points: number) => void;
  /** `trigger` is the Delete button, where focus returns if the deletion is cancelled. */
  onRemove: (trigger: HTMLElement) => void;
  onCriterionChange: (index: number, text: string) => void;
  onCriterionBreak: (index: number, start: number, end: number, text: string) => void;
  onCriterionJoin: (index: number) => void;
  onAddCriterion: () => void;
  onRemoveCriterion: (index: number) => void;
}) {
  const id = useId();
  const badgeId = `${id}-badge`;
  const name = `Story ${number}`;
  const shownTitle = story.title.trim() || UNTITLED_STORY;
  const flagged = issuesByField(quality?.issues);
  const issuesId = (field: string) => `${id}-${field}-issues`;
  const describedBy = (field: string, issues: unknown[] | undefined) => (issues?.length ? issuesId(field) : undefined);
  return (
    <div role="group" aria-labelledby={badgeId} className="grid gap-4 rounded-lg border border-line p-4">
      <div className="flex items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge id={badgeId}>{name}</Badge>
          <QualityBadge quality={quality} storyName={name} checking={checking} />
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={(event) => onRemove(event.currentTarget)}
          aria-label={`Delete ${name}: ${shownTitle}`}
          title={`Delete ${name}`}
          className="-my-1 -mr-2 text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div className="grid gap-1.5">
        <TextField
          id={titleId}
          label="Title"
          autoComplete="off"
          maxLength={STORY_LIMITS.title}
          value={story.title}
          aria-describedby={describedBy("title", flagged.title)}
          className={flagRing(flagged.title)}
          onChange={(e) => onChange({ title: e.target.value })}
        />
        <FieldIssues id={issuesId("title")} issues={flagged.title} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <PrioritySelect
            id={`${id}-priority`}
            value={story.priority}
            onChange={(priority) => onChange({ priority })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-points`}>Story Points</Label>
          <PointsSelect
            id={`${id}-points`}
            value={story.storyPoints}
            describedBy={describedBy("points", flagged.storyPoints)}
            className={flagRing(flagged.storyPoints)}
            onChange={onPointsChange}
          />
          <FieldIssues id={issuesId("points")} issues={flagged.storyPoints} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-hours`}>Estimated Hours</Label>
          <HoursInput
            id={`${id}-hours`}
            value={story.estimatedHours}
            describedBy={describedBy("hours", flagged.estimatedHours)}
            className={flagRing(flagged.estimatedHours)}
            onChange={(estimatedHours) => onChange({ estimatedHours })}
          />
          <FieldIssues id={issuesId("hours")} issues={flagged.estimatedHours} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <TextareaField
          id={`${id}-description`}
          label="Description"
          rows={3}
          maxLength={STORY_LIMITS.description}
          value={story.description}
          aria-describedby={describedBy("description", flagged.description)}
          className={flagRing(flagged.description)}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        <FieldIssues id={issuesId("description")} issues={flagged.description} />
      </div>
      <fieldset className="grid gap-2" aria-describedby={describedBy("criteria", flagged.acceptanceCriteria)}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Acceptance Criteria</legend>
        <FieldIssues id={issuesId("criteria")} issues={flagged.acceptanceCriteria} />
        {story.acceptanceCriteria.length > 0 && (
          <ol className="grid gap-2">
            {story.acceptanceCriteria.map((criterion, i) => (
              <li key={i} className="flex items-start gap-2">
                <CriterionField
                  id={criterionId(i)}
                  label={`Criterion ${i + 1}`}
                  value={criterion}
                  onChange={(text) => onCriterionChange(i, text)}
                  onBreak={(start, end, text) => onCriterionBreak(i, start, end, text)}
                  onJoin={() => onCriterionJoin(i)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onRemoveCriterion(i)}
                  aria-label={`Remove criterion ${i + 1} from ${name}`}
                  title="Remove criterion"
                  className="text-slate-500 hover:text-red-700"
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <Button
          id={addCriterionId}
          variant="outline"
          onClick={onAddCriterion}
          disabled={!canAddCriterion(story)}
          className="justify-self-start"
        >
          <Plus aria-hidden />
          Add Criterion
        </Button>
      </fieldset>
    </div>
  );
}

/**
 * Story points on the Fibonacci scale (STORY_POINT_CHOICES in ./edit-stories.ts); a saved value off the scale stays
 * offered, 0 as 'Not estimated' (a story drafted from an uncovered ask starts unsized).
 */
function PointsSelect({
  id,
  value,
  describedBy,
  className,
  onChange,
}: {
  id: string;
  value: number;
  describedBy?: string;
  className?: string;
  onChange: (points: number) => void;
}) {
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
      <SelectTrigger id={id} aria-describedby={describedBy} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {pointChoices(value).map((points) => (
          <SelectItem key={points} value={String(points)}>
            {points === 0 ? "Not estimated" : plural(points, "point")}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Estimated hours as a whole number (docs/product-spec.md §5): blank or invalid counts as 0. The typed text is kept while it means
 * the same number, so clearing the field to type a new value does not put a 0 back under the cursor.
 */
function HoursInput({
  id,
  value,
  describedBy,
  className,
  onChange,
}: {
  id: string;
  value: number;
  describedBy?: string;
  className?: string;
  onChange: (hours: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const shown = parseHours(text) === value ? text : String(value);
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={0}
      max={STORY_LIMITS.hours}
      step={1}
      value={shown}
      aria-describedby={describedBy}
      className={className}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseHours(e.target.value));
      }}
      onBlur={() => setText(String(value))}
    />
  );
}

/** A field the quality gate flags: a ring in the severity's colour (its messages are shown under it in words). */
function flagRing(issues: readonly { severity: "error" | "warning" }[] | undefined): string | undefined {
  if (!issues?.length) return undefined;
  return issues.some((i) => i.severity === "error")
    ? "border-red-400 ring-1 ring-red-300"
    : "border-amber-400 ring-1 ring-amber-300";
}

const CHECK_STATUS_TEXT: Record<CheckStatus, string> = {
  checked: "Quality checked.",
  waiting: "Changes will be checked in a moment…",
  checking: "Checking quality…",
  failed: "Couldn't check the latest changes; the scores shown are from before them.",
};

/**
 * The state of the editor's re-checks and, when the transcript was read, how many of its asks the draft covers.
 * Failures are said here quietly; "Check again" is the explicit request whose failure is a toast.
 */
function QualitySummary({
  status,
  asks,
  onCheckNow,
}: {
  status: CheckStatus;
  asks: { covered: number; total: number } | null;
  onCheckNow: () => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-muted">
      {asks && asks.total > 0 && (
        <span className="inline-flex items-center gap-1.5 font-medium text-ink">
          <Target className="size-4 text-brand-600" aria-hidden />
          {asks.covered} of {plural(asks.total, "ask")} covered
        </span>
      )}
      <span className="inline-flex items-center gap-1.5">
        {status === "checking" && <Spinner className="size-3.5 text-slate-500" />}
        {CHECK_STATUS_TEXT[status]}
      </span>
      {status === "failed" && (
        <Button variant="ghost" size="sm" onClick={onCheckNow} className="-my-1 text-brand-700">
          <RefreshCw aria-hidden />
          Check again
        </Button>
      )}
    </div>
  );
}
