import { useAtom } from "jotai";
import { Eraser, Sparkles, TriangleAlert, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { GenerationStatus } from "../../../../schema/api/generation";
import { MAX_TRANSCRIPT_CHARS } from "../../../../schema/api/transcripts";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { focusAfterClose } from "../../../lib/focus";
import { useProjects } from "../../../shared/projects/api";
import { useProjectOptions } from "../../../shared/projects/model";
import { useGenerationAllowance, useSubscriptionLimits } from "../../../shared/session/subscription";
import { useUser } from "../../../shared/session/user";
import {
  generateStories,
  showGenerated,
  toastGenerationError,
  toastGenerationSuccess,
} from "../../../shared/transcripts/generation";
import { GenerationProgress } from "../../../shared/transcripts/generation-progress";
import { isAudioFile, isTextFile, looksBinary, titleFromFileName, UPLOAD_ACCEPT } from "../audio";
import { clearDraft, loadDraft, saveDraft } from "../draft";
import { generatedTranscriptIdAtom, titleDraftAtom, transcriptDraftAtom } from "../state";
import { toastProRequired, useTranscription } from "../use-transcription";
import { GeneratedStoriesPanel } from "./generated-stories-panel";
import { NO_PROJECT, ProjectSelect } from "./project-select";
import { AudioPromoCard, AudioUploadCard, ServiceStatusCard } from "./side-cards";
import { TranscriptionStatus } from "./transcription-status";
import { groupDigits } from "../../../lib/format";

/** docs/product-spec.md §9: above this many characters the generator warns that processing may take longer. */
const LARGE_TRANSCRIPT_CHARS = 10_000;
const TITLE_MAX = 200;

/** How long typing pauses before the draft is kept (a keystroke does not rewrite 50,000 characters). */
const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The generator (docs/product-spec.md §2): title, project, upload and Clear, the transcript, Generate, and the Generated Stories
 * panel. Input on the left and results on the right on wide screens; stacked (input, results, cards) on phones.
 */
export function Generator({ initialProjectId }: { initialProjectId: number | null }) {
  const [text, setText] = useAtom(transcriptDraftAtom);
  const [title, setTitle] = useAtom(titleDraftAtom);
  const [transcriptId, setTranscriptId] = useAtom(generatedTranscriptIdAtom);
  const [projectValue, setProjectValue] = useState(initialProjectId === null ? NO_PROJECT : String(initialProjectId));
  const [pending, setPending] = useState(false);
  // an LLM provider's durable run, as the server last reported it (parts read), with Cancel; the embedded generator
  // answers at once and never shows it
  const [running, setRunning] = useState<{ transcriptId: number; status: GenerationStatus } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const generateButton = useRef<HTMLButtonElement>(null);
  const transcriptBox = useRef<HTMLTextAreaElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { title: useId(), project: useId(), transcript: useId(), count: useId(), allowance: useId() };

  const { data: projectList } = useProjects();
  const { options: projects } = useProjectOptions(projectList);
  const { data: limits } = useSubscriptionLimits();
  const tier = limits?.data.tier;
  // (audio is the person's own plan's)
  const paid = tier === "pro" || tier === "enterprise";
  // A ?project= that is not one of the user's projects (deleted, someone else's) falls back to 'No Project'.
  const project =
    projects && projectValue !== NO_PROJECT && !projects.some((p) => String(p.id) === projectValue)
      ? NO_PROJECT
      : projectValue;
  // the monthly allowance this generation uses, said before the work is done: in a team's project its owner's plan,
  // as the server counts it (the server still enforces it); none is shown until the projects are known
  const chosenProject = project === NO_PROJECT ? null : (projectList?.find((p) => String(p.id) === project) ?? null);
  const { data: chosen } = useGenerationAllowance(
    project === NO_PROJECT ? null : chosenProject ? chosenProject.id : undefined,
  );
  // (another account's project, shared through its owner's team: its allowance is the owner's to raise)
  const sharedBy = chosenProject?.sharedBy ?? null;
  const limit = chosen?.data.limits.transcriptsPerMonth ?? null;
  const allowance =
    limit !== null && chosen?.data.usage
      ? { used: Math.min(chosen.data.usage.transcriptsThisMonth, limit), limit }
      : null;
  const atLimit = allowance !== null && allowance.used >= allowance.limit;

  // the draft survives a reload for this account (draft.ts): restored once on arrival, kept as it is typed
  const { user } = useUser();
  const owner = user?.id ?? null;
  const restored = useRef(false);
  const pendingDraftSave = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (owner === null || restored.current) return;
    restored.current = true;
    const draft = loadDraft(owner);
    if (!draft || text || title) return;
    setText(draft.transcript);
    setTitle(draft.title);
    if (initialProjectId === null) setProjectValue(draft.project);
  }, [owner, text, title, initialProjectId, setText, setTitle]);
  useEffect(() => {
    if (owner === null || !restored.current) return;
    const timer = setTimeout(
      () => saveDraft({ owner, transcript: text, title, project: projectValue }),
      DRAFT_SAVE_DELAY_MS,
    );
    pendingDraftSave.current = timer;
    return () => clearTimeout(timer);
  }, [owner, text, title, projectValue]);

  const blank = text.trim().length === 0;
  const large = text.length > LARGE_TRANSCRIPT_CHARS;
  const tooLong = text.length > MAX_TRANSCRIPT_CHARS;

  // The transcript replaces the text; an empty title takes the file's name (functional updates: the user may have
  // typed a title while the recording was being transcribed).
  const transcription = useTranscription((result, fileName) => {
    setText(result.transcript);
    setTitle((current) => (current.trim() ? current : titleFromFileName(fileName).slice(0, TITLE_MAX)));
  });
  const { transcribing } = transcription;

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (blank || pending || transcribing) return;
    setPending(true);
    let followed = false;
    try {
      const response = await generateStories(
        {
          transcript: text,
          title: title.trim() || undefined,
          projectId: project === NO_PROJECT ? null : Number(project),
        },
        (status, id) => {
          followed = true;
          setRunning(status.state === "running" ? { transcriptId: id, status } : null);
        },
      );
      showGenerated(response, {
        title: title.trim(),
        projectId: project === NO_PROJECT ? null : Number(project),
        content: text,
      });
      // generated: the transcript is saved in history now, the draft is done (a save still waiting for typing to
      // pause would bring it back: a generation can finish sooner than that pause)
      clearTimeout(pendingDraftSave.current);
      clearDraft();
      restored.current = false;
      setTranscriptId(response.transcriptId);
      toastGenerationSuccess(response);
      // the stories come into view (on a phone they sit below the form): the heading goes to the top of the screen
      resultsHeading.current?.focus({ preventScroll: true });
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      resultsHeading.current?.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    } catch (error) {
      // a refused generation (a limit, a bad transcript) leaves no earlier transcript's stories under the new text
      if (error instanceof ApiError && error.status < 500) setTranscriptId(null);
      toastGenerationError(error);
    } finally {
      setPending(false);
      setRunning(null);
      // the progress notice goes with the run (after a Cancel, with focus on it): focus comes back to Generate, or
      // to the transcript when Generate is not available now (the month's allowance used up)
      if (followed) {
        focusAfterClose(null, () => {
          const button = generateButton.current;
          return button && !button.disabled ? button : transcriptBox.current;
        });
      }
    }
  }

  async function onFileChosen() {
    const input = fileInput.current;
    const file = input?.files?.[0];
    if (!input || !file) return;
    try {
      if (transcribing) return;
      if (isAudioFile(file)) {
        // docs/product-spec.md §5: the free plan gets the upgrade path. A plan still loading is left to the server, which answers
        // 'Pro subscription required' (the same toast) for free plans.
        if (tier === "free") toastProRequired();
        else void transcription.transcribe(file);
        return;
      }
      // a PDF or a Word file picked with "all files" would land in the box as binary text: said, not read
      const content = isTextFile(file) ? await file.text() : null;
      if (content === null || looksBinary(content)) {
        toast({
          title: "Upload Failed",
          description: `${file.name} is not a text file. Upload a .txt, .md, .vtt or .srt file${paid ? ", or an audio recording" : ""}, or paste the text.`,
          variant: "destructive",
        });
        return;
      }
      setText(content);
      if (!title.trim()) setTitle(titleFromFileName(file.name).slice(0, TITLE_MAX));
    } catch {
      toast({
        title: "Upload Failed",
        description: "Could not read the file. Please try again.",
        variant: "destructive",
      });
    } finally {
      // Picking the same file again must fire another change.
      input.value = "";
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <div className="contents lg:flex lg:flex-col lg:gap-6">
        <Card className="order-1 p-5 sm:p-6">
          <form onSubmit={generate} className="grid gap-5">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={ids.title}>
                  Transcript title <span className="font-normal text-muted">(optional)</span>
                </Label>
                <Input
                  id={ids.title}
                  aria-label="Transcript title"
                  value={title}
                  maxLength={TITLE_MAX}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder="e.g. Sprint 14 planning"
                  autoComplete="off"
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={ids.project}>
                  Project <span className="font-normal text-muted">(optional)</span>
                </Label>
                <ProjectSelect id={ids.project} value={project} onChange={setProjectValue} projects={projects} />
              </div>
            </div>

            <div className="grid gap-1.5">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <Label htmlFor={ids.transcript}>Transcript</Label>
                <div className="flex gap-2">
                  <input
                    ref={fileInput}
                    type="file"
                    accept={UPLOAD_ACCEPT}
                    className="sr-only"
                    tabIndex={-1}
                    aria-hidden
                    data-testid="transcript-file"
                    onChange={() => void onFileChosen()}
                  />
                  {/* aria-disabled, not disabled, while transcribing: the button keeps the keyboard focus. */}
                  <Button
                    ref={uploadButton}
                    variant="outline"
                    size="sm"
                    aria-disabled={transcribing || undefined}
                    onClick={() => !transcribing && fileInput.current?.click()}
                  >
                    {transcribing ? <Spinner className="size-4 text-brand-600" /> : <Upload aria-hidden />}
                    Upload File
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setText("");
                      clearDraft();
                    }}
                    disabled={text.length === 0}
                  >
                    <Eraser aria-hidden />
                    Clear
                  </Button>
                </div>
              </div>
              <TranscriptionStatus
                phase={transcription.phase}
                progress={transcription.progress}
                fileName={transcription.fileName}
                failed={transcription.failed}
                onRetry={() => {
                  // The retry panel goes away while the recording is transcribed again: focus stays nearby.
                  uploadButton.current?.focus();
                  void transcription.retry();
                }}
                onDismiss={() => {
                  uploadButton.current?.focus();
                  transcription.dismissFailed();
                }}
              />
              <Textarea
                ref={transcriptBox}
                id={ids.transcript}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-describedby={ids.count}
                aria-invalid={tooLong || undefined}
                aria-busy={transcribing || undefined}
                placeholder="Paste your meeting or product-management transcript here, or upload a .txt, .md, .vtt or .srt file."
                spellCheck={false}
                className="min-h-72 resize-y leading-relaxed lg:min-h-[26rem]"
              />
              <div
                id={ids.count}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted"
              >
                <span className={tooLong ? "font-medium text-red-700" : undefined}>
                  {groupDigits(text.length)} {text.length === 1 ? "character" : "characters"}
                  {tooLong && ` (maximum ${groupDigits(MAX_TRANSCRIPT_CHARS)})`}
                </span>
                <span className="text-slate-500">
                  {paid
                    ? "Text files: .txt, .md, .vtt, .srt · Audio: .mp3, .wav, .m4a, .ogg, .webm"
                    : "Text files: .txt, .md, .vtt, .srt"}
                </span>
              </div>
              <div aria-live="polite">
                {large && (
                  <p className="mt-1 flex items-center gap-2 rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900 ring-1 ring-orange-200 ring-inset">
                    <TriangleAlert className="size-4 shrink-0 text-orange-600" aria-hidden />
                    Large transcript - processing may take longer
                  </p>
                )}
              </div>
            </div>

            <div className="grid gap-2">
              <Button
                ref={generateButton}
                type="submit"
                size="lg"
                disabled={blank || pending || transcribing || atLimit}
                aria-busy={pending || undefined}
                aria-describedby={allowance ? ids.allowance : undefined}
                className="w-full"
              >
                {pending ? <Spinner className="size-5 text-white" /> : <Sparkles aria-hidden />}
                {pending ? "Generating your stories..." : "Generate User Stories & Epics"}
              </Button>
              {running && (
                // (a cancel here needs no toast of its own: the run's follow in generate() then ends with
                // GenerationStopped, whose toast says "Generation cancelled")
                <GenerationProgress transcriptId={running.transcriptId} status={running.status} />
              )}
              {allowance && (
                <p id={ids.allowance} className={atLimit ? "text-sm text-red-800" : "text-center text-xs text-muted"}>
                  {atLimit && sharedBy ? (
                    `${sharedBy}'s plan has used all ${allowance.limit} monthly transcripts for their team's projects. Ask them to upgrade to Pro, or generate into one of your own projects.`
                  ) : atLimit ? (
                    <>
                      You've used all {allowance.limit} monthly transcripts on the free plan.{" "}
                      <Link to="/subscription" className="font-medium text-brand-700 underline underline-offset-2">
                        Upgrade to Pro
                      </Link>{" "}
                      for unlimited transcripts.
                    </>
                  ) : (
                    `${allowance.used} of ${allowance.limit} transcripts used this month`
                  )}
                </p>
              )}
            </div>
          </form>
        </Card>
        {tier === "free" && (
          <div className="order-3">
            <AudioPromoCard />
          </div>
        )}
        {paid && (
          <div className="order-3">
            <AudioUploadCard busy={transcribing} onUpload={() => !transcribing && fileInput.current?.click()} />
          </div>
        )}
        <div className="order-4">
          <ServiceStatusCard />
        </div>
      </div>
      <GeneratedStoriesPanel
        transcriptId={transcriptId}
        title={title}
        onMissing={() => setTranscriptId(null)}
        pending={pending}
        headingRef={resultsHeading}
        className="order-2 lg:order-none"
      />
    </div>
  );
}
