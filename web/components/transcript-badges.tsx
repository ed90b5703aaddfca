import type { StoryPriority } from "../../schema/api/transcripts";
import { Badge, type BadgeVariant } from "./ui/badge";

/**
 * docs/product-spec.md §4: 'Processing' while a transcript has no stories, 'Stories Generated' once it has; as
 * amended, 'Cancelled' for one whose generation someone stopped before it had stories (issue 43).
 */
export function TranscriptStatusBadge({ hasStories, cancelled = false }: { hasStories: boolean; cancelled?: boolean }) {
  if (hasStories) return <Badge variant="success">Stories Generated</Badge>;
  return cancelled ? <Badge variant="secondary">Cancelled</Badge> : <Badge variant="warning">Processing</Badge>;
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
