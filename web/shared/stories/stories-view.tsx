import { ChevronDown, Clock, Layers, Quote, Users } from "lucide-react";
import { useId, useState } from "react";
import { ISSUE_FIELDS, type IssueField } from "../../../schema/api/quality";
import type { CoverageItem, Quality, StoryQuality } from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { PriorityBadge } from "../../components/transcript-badges";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";
import { CoveragePanel } from "../quality/coverage-panel";
import { FieldNote, fieldMark } from "../quality/field-mark";
import { FIELD_LABEL, issuesByField } from "../quality/model";
import { QualityBadge } from "../quality/quality-badge";
import { SetIssuesNotice } from "../quality/set-issues";

/**
 * An epic and its user stories, as shown by the generator and by history cards. `headingLevel` is the level of
 * the epic's and stories' titles, one below the section that holds them. With the quality gate's report, each story
 * has a quality badge and its flagged fields marked, problems across stories are listed above them and the
 * Coverage panel follows them.
 */
export function StoriesView({
  stories,
  quality,
  onAddAsStory,
  headingLevel = 4,
  showCount = true,
}: {
  stories: GeneratedStories;
  /** The report on exactly these stories (Transcript.quality); null or absent shows no quality UI. */
  quality?: Quality | null;
  /** "Add as story" on an uncovered ask: opens the editor with a draft built from it. */
  onAddAsStory?: (item: CoverageItem) => void;
  headingLevel?: 3 | 4;
  /** False when the surrounding panel already states the count. */
  showCount?: boolean;
}) {
  const { epic, userStories } = stories;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="purple">Epic</Badge>
          <Heading className="min-w-0 font-semibold break-words text-ink">{epic.title}</Heading>
          <PriorityBadge priority={epic.priority} />
        </div>
        <p className="mt-2 text-sm break-words text-slate-700">{epic.description}</p>
        {(epic.timeline || epic.team) && (
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            {epic.timeline && <span>Timeline: {epic.timeline}</span>}
            {epic.team && (
              <span className="inline-flex items-center gap-1">
                <Users className="size-3.5" aria-hidden />
                {epic.team}
              </span>
            )}
          </p>
        )}
      </div>
      {showCount && (
        <p className="text-sm font-medium text-muted">{plural(userStories.length, "user story", "user stories")}</p>
      )}
      {quality && <SetIssuesNotice issues={quality.set} />}
      <ol className="grid grid-cols-1 gap-3" aria-label="User stories">
        {userStories.map((story, index) => (
          <li key={index}>
            <StoryItem
              story={story}
              number={index + 1}
              Heading={Heading}
              quality={quality ? (quality.stories.find((s) => s.index === index) ?? null) : undefined}
            />
          </li>
        ))}
      </ol>
      {quality?.coverage && (
        <CoveragePanel coverage={quality.coverage} onAddAsStory={onAddAsStory} headingLevel={headingLevel} />
      )}
    </div>
  );
}

function StoryItem({
  story,
  number,
  Heading,
  quality,
}: {
  story: UserStory;
  number: number;
  Heading: "h3" | "h4";
  /** undefined: no report at all (no badge); null: the report has nothing on this story. */
  quality: StoryQuality | null | undefined;
}) {
  const [showEvidence, setShowEvidence] = useState(false);
  const evidenceId = useId();
  const titleId = useId();
  const noteId = useId();
  const evidence = story.evidence ?? [];
  const flagged = issuesByField(quality?.issues);
  // Each flagged field points at its words (FieldNote), as well as showing the mark.
  const note = (field: IssueField) => (flagged[field] ? `${noteId}-${field}` : undefined);
  return (
    <div className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} aria-describedby={note("title")} className="min-w-0 font-medium break-words text-ink">
          <span className="mr-2 text-xs font-semibold text-slate-500">Story {number}</span>
          <span className={fieldMark(flagged.title, "text")}>{story.title}</span>
        </Heading>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {quality !== undefined && <QualityBadge quality={quality ?? undefined} storyName={`Story ${number}`} />}
          <PriorityBadge priority={story.priority} />
          <span
            aria-describedby={note("storyPoints")}
            className={cn("inline-flex items-center gap-1", fieldMark(flagged.storyPoints, "ring"))}
          >
            <Layers className="size-3.5" aria-hidden />
            {plural(story.storyPoints, "point")}
          </span>
          <span
            aria-describedby={note("estimatedHours")}
            className={cn("inline-flex items-center gap-1", fieldMark(flagged.estimatedHours, "ring"))}
          >
            <Clock className="size-3.5" aria-hidden />
            {plural(story.estimatedHours, "hour")}
          </span>
        </div>
      </div>
      <p aria-describedby={note("description")} className="mt-2 text-sm break-words text-slate-700">
        <span className={fieldMark(flagged.description, "text")}>{story.description}</span>
      </p>
      {story.acceptanceCriteria.length > 0 && (
        <div className={cn("mt-3", fieldMark(flagged.acceptanceCriteria, "ring"), flagged.acceptanceCriteria && "p-2")}>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Acceptance criteria</p>
          <ul
            aria-describedby={note("acceptanceCriteria")}
            className="mt-1.5 grid list-disc gap-1 pl-5 text-sm text-slate-700 marker:text-slate-400"
          >
            {story.acceptanceCriteria.map((criterion, i) => (
              <li key={i} className="break-words">
                {criterion}
              </li>
            ))}
          </ul>
        </div>
      )}
      {evidence.length > 0 && (
        <div className="mt-3">
          <button
            type="button"
            aria-expanded={showEvidence}
            aria-controls={evidenceId}
            aria-describedby={[titleId, note("evidence")].filter(Boolean).join(" ")}
            onClick={() => setShowEvidence((v) => !v)}
            className={cn(
              fieldMark(flagged.evidence, "ring"),
              "-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
            )}
          >
            <ChevronDown className={cn("size-4 transition-transform", showEvidence && "rotate-180")} aria-hidden />
            {showEvidence ? "Hide evidence" : "Show evidence"} ({evidence.length})
          </button>
          <ul
            id={evidenceId}
            hidden={!showEvidence}
            aria-label="Evidence from the transcript"
            className="mt-2 grid gap-2"
          >
            {evidence.map((item, i) => (
              <li
                key={i}
                className="flex gap-2 rounded-md border-l-4 border-brand-300 bg-slate-50 py-2 pr-3 pl-2.5 text-sm text-slate-700"
              >
                <Quote className="mt-0.5 size-3.5 shrink-0 text-brand-500" aria-hidden />
                <blockquote className="min-w-0 break-words whitespace-pre-wrap italic">{item.quote}</blockquote>
              </li>
            ))}
          </ul>
        </div>
      )}
      {ISSUE_FIELDS.map((field) => (
        <FieldNote key={field} id={`${noteId}-${field}`} label={FIELD_LABEL[field]} issues={flagged[field]} />
      ))}
    </div>
  );
}
