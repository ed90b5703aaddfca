import { CalendarPlus, CreditCard, PoundSterling, Users, type LucideIcon } from "lucide-react";
import type { AdminAnalytics } from "../../../../schema/api/admin";
import { PLAN_LIMITS, TIERS, type Tier } from "../../../../schema/api/subscription";
import { LoadError } from "../../../components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useErrorToast } from "../../../components/ui/toast";
import { plural } from "../../../lib/format";
import { useAdminAnalytics } from "../api";
import { formatPounds, percentage } from "../format";
import { ProportionBar } from "./proportion-bar";
import { TIER_COLORS, TIER_LABELS } from "./tier";

const PAID_COLOR = "#059669"; // emerald-600
const GRANTED_COLOR = "#7c3aed"; // violet-600

/** docs/product-spec.md §2 Admin dashboard, Analytics tab: four stat cards, Revenue Analytics and Subscription Breakdown. */
export function AnalyticsTab() {
  const { data, error, mutate } = useAdminAnalytics();
  useErrorToast(error, "Error", "Failed to load analytics.");

  if (!data && error) return <LoadError what="the analytics" onRetry={() => void mutate()} />;
  if (!data) return <AnalyticsSkeleton />;

  return (
    <div className="grid gap-6">
      <section aria-label="Platform summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          icon={Users}
          label="Total Users"
          value={String(data.totalUsers)}
          note={`+${data.newUsersThisMonth} this month`}
        />
        <StatCard
          icon={CreditCard}
          label="Active Subscriptions"
          value={String(data.activeSubscriptions)}
          note="Paying customers"
        />
        <StatCard
          icon={PoundSterling}
          label="Monthly Revenue"
          value={formatPounds(data.totalRevenue)}
          note="Estimated monthly recurring"
        />
        <StatCard
          icon={CalendarPlus}
          label="New Today"
          value={String(data.newUsersToday)}
          note={`+${data.newUsersThisWeek} this week`}
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <RevenueAnalytics analytics={data} />
        <SubscriptionBreakdown usersByTier={data.usersByTier} />
      </div>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-muted">{label}</h2>
        <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold text-ink sm:text-3xl">{value}</p>
      <p className="mt-1 text-xs text-muted">{note}</p>
    </Card>
  );
}

/** Actual card-provider revenue beside the value of admin-granted plans (priced from PLAN_LIMITS). */
function RevenueAnalytics({ analytics }: { analytics: AdminAnalytics }) {
  const r = analytics.revenueAnalytics;
  const total = r.actualMonthlyRevenue + r.grantedMonthlyValue;
  const paidShare = percentage(r.actualMonthlyRevenue, total);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue Analytics</CardTitle>
        <CardDescription>Revenue paid by card compared with the value of plans granted by admins.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <RevenueGroup
            title="Actual Revenue (Stripe)"
            amount={r.actualMonthlyRevenue}
            pro={r.paidProUsers}
            enterprise={r.paidEnterpriseUsers}
            tone="text-emerald-700"
          />
          <RevenueGroup
            title="Admin-Granted Value"
            amount={r.grantedMonthlyValue}
            pro={r.adminGrantedProUsers}
            enterprise={r.adminGrantedEnterpriseUsers}
            tone="text-violet-700"
          />
        </div>
        <div className="grid gap-2 border-t border-line pt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm font-medium text-ink">
              Total monthly value: <span className="font-bold">{formatPounds(total)}</span>
            </p>
            <p className="text-sm text-muted">{paidShare}% paid</p>
          </div>
          <ProportionBar
            value={r.actualMonthlyRevenue}
            total={total}
            color={PAID_COLOR}
            trackColor={total > 0 ? GRANTED_COLOR : undefined}
          />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ backgroundColor: PAID_COLOR }} aria-hidden />
              Paid
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ backgroundColor: GRANTED_COLOR }} aria-hidden />
              Admin-granted
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function RevenueGroup({
  title,
  amount,
  pro,
  enterprise,
  tone,
}: {
  title: string;
  amount: number;
  pro: number;
  enterprise: number;
  tone: string;
}) {
  return (
    <div className="rounded-lg border border-line p-4">
      <h3 className="text-sm font-medium text-muted">{title}</h3>
      <p className={`mt-1 text-2xl font-bold ${tone}`}>{formatPounds(amount)}</p>
      <dl className="mt-3 grid gap-1 text-sm">
        <TierValue tier="pro" count={pro} />
        <TierValue tier="enterprise" count={enterprise} />
      </dl>
    </div>
  );
}

function TierValue({ tier, count }: { tier: Tier; count: number }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <dt className="text-muted">
        {TIER_LABELS[tier]}: {plural(count, "user")}
      </dt>
      <dd className="font-medium text-ink">{formatPounds(count * PLAN_LIMITS[tier].priceGbpPerMonth)}</dd>
    </div>
  );
}

/** Free, pro and enterprise counts, each with a bar for its share of all users. */
function SubscriptionBreakdown({ usersByTier }: { usersByTier: Record<Tier, number> }) {
  const total = TIERS.reduce((sum, tier) => sum + (usersByTier[tier] ?? 0), 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription Breakdown</CardTitle>
        <CardDescription>Users on each plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5">
          {TIERS.map((tier) => {
            const count = usersByTier[tier] ?? 0;
            return (
              <li key={tier} className="grid gap-2">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="inline-flex items-center gap-2 font-medium text-ink">
                    <span
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: TIER_COLORS[tier] }}
                      aria-hidden
                    />
                    {TIER_LABELS[tier]}
                  </span>
                  <span className="text-muted">
                    <span className="font-semibold text-ink">{count}</span> ({percentage(count, total)}%)
                  </span>
                </div>
                <ProportionBar value={count} total={total} color={TIER_COLORS[tier]} />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Loading analytics" className="grid gap-6">
      <p className="sr-only">Loading analytics...</p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} className="grid gap-3 p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3 w-24" />
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    </div>
  );
}
