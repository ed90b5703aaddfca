import { LegalLinks } from "../../components/legal-links";
import { PageContainer, PageHeader } from "../../components/page";
import { Card, CardContent } from "../../components/ui/card";
import { AccessTokensCard, ConnectedAppsCard } from "../../features/auth/components/access-tokens-card";
import { DataSummaryCard, DeleteAccountCard } from "../../features/auth/components/account-data";
import { ChangePasswordCard } from "../../features/auth/components/change-password-card";
import { resetGeneratorState } from "../../features/generator/state";
import { useUser } from "../../shared/session/user";

/** Serves /account and /account-settings. */
export default function Account() {
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer>
        <p className="text-muted">Please sign in to access account settings.</p>
      </PageContainer>
    );
  }
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <PageContainer>
      <title>Account Settings · StoryLoom</title>
      <PageHeader title="Account Settings" description="Your account details, password, access tokens and data." />
      <Card className="mb-6">
        <CardContent>
          <h2 className="text-base font-semibold text-ink">Account info</h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            {user.username && (
              <div>
                <dt className="text-muted">Username</dt>
                <dd className="mt-0.5 font-medium text-ink">{user.username}</dd>
              </div>
            )}
            {user.email && (
              <div>
                <dt className="text-muted">Email</dt>
                <dd className="mt-0.5 font-medium break-all text-ink">{user.email}</dd>
              </div>
            )}
            {fullName && (
              <div>
                <dt className="text-muted">Name</dt>
                <dd className="mt-0.5 font-medium text-ink">{fullName}</dd>
              </div>
            )}
            <div>
              <dt className="text-muted">Member since</dt>
              <dd className="mt-0.5 font-medium text-ink">
                {new Date(user.createdAt).toLocaleDateString("en-GB", {
                  day: "numeric",
                  month: "long",
                  year: "numeric",
                })}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <ChangePasswordCard user={user} />
      <AccessTokensCard />
      <ConnectedAppsCard />
      <DataSummaryCard />
      <DeleteAccountCard onDeleted={resetGeneratorState} />
      <div className="mt-2 text-sm text-muted">
        <p className="mb-2">What we keep, for how long, and what deletion removes is in the Privacy Policy.</p>
        <LegalLinks label="Privacy and terms" />
      </div>
    </PageContainer>
  );
}
