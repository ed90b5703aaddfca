import type { Tier } from "../../../../schema/api/subscription";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

export const TIER_LABELS: Record<Tier, string> = { free: "Free", pro: "Pro", enterprise: "Enterprise" };

/** Chart colours, matching the badges: slate for free, emerald for pro, purple for enterprise. */
export const TIER_COLORS: Record<Tier, string> = { free: "#94a3b8", pro: "#10b981", enterprise: "#a855f7" };

const TIER_BADGES: Record<Tier, BadgeVariant> = { free: "secondary", pro: "success", enterprise: "purple" };

export function TierBadge({ tier }: { tier: Tier }) {
  return <Badge variant={TIER_BADGES[tier] ?? "secondary"}>{TIER_LABELS[tier] ?? tier}</Badge>;
}

/** Stripe's statuses, 'complete' for a granted plan, 'inactive' for none (schema/api/admin.ts). */
const STATUS_BADGES: Record<string, BadgeVariant> = {
  active: "success",
  complete: "success",
  trialing: "default",
  incomplete: "warning",
  past_due: "warning",
  unpaid: "destructive",
  canceled: "destructive",
  incomplete_expired: "destructive",
};

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || "inactive";
  return <Badge variant={STATUS_BADGES[label] ?? "secondary"}>{label.replaceAll("_", " ")}</Badge>;
}
