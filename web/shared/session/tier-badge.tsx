import type { SubscriptionInfo } from "../../../schema/api/subscription-body";
import { Badge } from "../../components/ui/badge";
import { isPendingSubscription } from "./subscription";

/** docs/product-spec.md §2: PRO (green) or ENTERPRISE (purple) when paid; otherwise e.g. 'PRO (PENDING)' in orange. */
export function TierBadge({ subscription }: { subscription: SubscriptionInfo | undefined }) {
  if (!subscription || subscription.tier === "free") return null;
  const tier = subscription.tier.toUpperCase();
  if (isPendingSubscription(subscription)) {
    return (
      <Badge variant="warning" className="bg-orange-100 text-orange-800 ring-orange-300">
        {tier} (PENDING)
      </Badge>
    );
  }
  return subscription.tier === "pro" ? (
    <Badge variant="success" className="bg-green-100 text-green-800 ring-green-300">
      PRO
    </Badge>
  ) : (
    <Badge variant="purple" className="bg-purple-100 text-purple-800 ring-purple-300">
      ENTERPRISE
    </Badge>
  );
}
