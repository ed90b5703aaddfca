import { CreditCard } from "lucide-react";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { useSubscription } from "../../shared/session/subscription";
import { useUser } from "../../shared/session/user";

const TIER_NAMES = { free: "Free", pro: "Pro", enterprise: "Enterprise" } as const;

export default function Subscription() {
  const { user } = useUser();
  const { data: subscription } = useSubscription();
  if (!user) {
    return (
      <PageContainer>
        <p className="text-muted">Please sign in to manage your subscription.</p>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <title>Subscription · StoryLoom</title>
      <PageHeader
        title="Subscription"
        description={subscription ? `You are on the ${TIER_NAMES[subscription.tier]} plan.` : "Your plan and billing."}
      />
      <EmptyState icon={CreditCard} title="Plans and billing">
        Your current plan, the available plans and secure card payment will appear here.
      </EmptyState>
    </PageContainer>
  );
}
