import { ChevronDown, Clock, Layers, Quote, Users } from "lucide-react";
import { useId, useState } from "react";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { PriorityBadge } from "../../components/transcript-badges";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { plural } from "../../lib/format";

/**
 * An epic and its user stories, as shown by the generator and by history cards. `headingLevel` is the level of
 * the epic's and stories' titles, one below the section that holds them.
 */
export function StoriesView({
  stories,
  headingLevel = 4,
  showCount = true,
}: {
  stories: GeneratedStories;
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
      <ol className="grid grid-cols-1 gap-3" aria-label="User stories">
        {userStories.map((story, index) => (
          <li key={index}>
            <StoryItem story={story} number={index + 1} Heading={Heading} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function StoryItem({ story, number, Heading }: { story: UserStory; number: number; Heading: "h3" | "h4" }) {
  const [showEvidence, setShowEvidence] = useState(false);
  const evidenceId = useId();
  const titleId = useId();
  const evidence = story.evidence ?? [];
  return (
    <div className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} className="min-w-0 font-medium break-words text-ink">
          <span className="mr-2 text-xs font-semibold text-slate-500">Story {number}</span>
          {story.title}
        </Heading>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <PriorityBadge priority={story.priority} />
          <span className="inline-flex items-center gap-1">
            <Layers className="size-3.5" aria-hidden />
            {plural(story.storyPoints, "point")}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {plural(story.estimatedHours, "hour")}
          </span>
        </div>
      </div>
      <p className="mt-2 text-sm break-words text-slate-700">{story.description}</p>
      {story.acceptanceCriteria.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Acceptance criteria</p>
          <ul className="mt-1.5 grid list-disc gap-1 pl-5 text-sm text-slate-700 marker:text-slate-400">
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
            aria-describedby={titleId}
            onClick={() => setShowEvidence((v) => !v)}
            className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            <ChevronDown className={cn("size-4 transition-transform", showEvidence && "rotate-180")} aria-hidden />
            {showEvidence ? "Hide evidence" : "Show evidence"} ({evidence.length})
          </button>
          <ul id={evidenceId} hidden={!showEvidence} aria-label="Evidence from the transcript" className="mt-2 grid gap-2">
            {evidence.map((item, i) => (
              <li key={i} className="flex gap-2 rounded-md border-l-4 border-brand-300 bg-slate-50 py-2 pr-3 pl-2.5 text-sm text-slate-700">
                <Quote className="mt-0.5 size-3.5 shrink-0 text-brand-500" aria-hidden />
                <blockquote className="min-w-0 break-words whitespace-pre-wrap italic">{item.quote}</blockquote>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
