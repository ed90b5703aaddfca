import type { StoryPriority } from "../../schema/api/transcripts";
import { Badge, type BadgeVariant } from "./ui/badge";

/** docs/product-spec.md §4: 'Processing' while a transcript has no stories, 'Stories Generated' once it has. */
export function TranscriptStatusBadge({ hasStories }: { hasStories: boolean }) {
  return hasStories ? <Badge variant="success">Stories Generated</Badge> : <Badge variant="warning">Processing</Badge>;
}

/** docs/product-spec.md §4 badge rule for the generator and history: High red, Medium yellow, anything else green. */
export function priorityBadgeVariant(priority: StoryPriority | string): BadgeVariant {
  if (priority === "High") return "destructive";
  if (priority === "Medium") return "caution";
  return "success";
}

export function PriorityBadge({ priority, className }: { priority: StoryPriority | string; className?: string }) {
  return (
    <Badge variant={priorityBadgeVariant(priority)} className={className}>
      {priority}
    </Badge>
  );
}
