import { PageContainer } from "../../components/page";
import { SubscriptionScreen } from "../../features/subscription/components/subscription-screen";
import { useUser } from "../../shared/session/user";

export default function Subscription() {
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer>
        <p className="text-muted">Please sign in to manage your subscription.</p>
      </PageContainer>
    );
  }
  return <SubscriptionScreen />;
}
