import { Crown, SearchX, ShieldPlus, Users } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import type { AdminUser } from "../../../../schema/api/admin";
import { TIERS, type Tier } from "../../../../schema/api/subscription";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { SkeletonList } from "../../../components/ui/skeleton";
import { Spinner } from "../../../components/ui/spinner";
import { toast, useErrorToast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { formatDate, plural } from "../../../lib/format";
import { USERS_PAGE_SIZE, makeAdmin, updateUserTier, useAdminUsers } from "../api";
import { useSearchPaging } from "../use-search-paging";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";
import { StatusBadge, TIER_LABELS, TierBadge } from "./tier";

/** docs/product-spec.md §2 Admin dashboard, Users tab: search, the users (cards on small screens, a table on wide ones), paging. */
export function UsersTab() {
  const { search, setSearch, needle, page, setPage } = useSearchPaging();
  const { data, error, isLoading, mutate } = useAdminUsers({ page, search: needle });
  useErrorToast(error, "Error", "Failed to load users.");

  let body: ReactNode;
  if (!data && error) body = <LoadError what="the users" onRetry={() => void mutate()} />;
  else if (!data) body = <UsersSkeleton />;
  else if (data.data.length === 0) {
    body = needle ? (
      <EmptyState icon={SearchX} title="No users match your search" headingLevel={3}>
        No username, name or email contains "{needle}".
      </EmptyState>
    ) : (
      <EmptyState icon={Users} title={page > 1 ? "No more users" : "No users yet"} headingLevel={3}>
        {page > 1 ? "This page is empty: go back to the previous one." : "Accounts appear here as people sign up."}
      </EmptyState>
    );
  } else body = <UserList users={data.data} />;

  const pages = data
    ? Math.max(1, Math.ceil(data.pagination.total / (data.pagination.limit || USERS_PAGE_SIZE)))
    : undefined;

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="admin-users-heading" className="text-lg font-semibold text-ink">
          Users
        </h2>
        {data && <Badge variant="secondary">{plural(data.pagination.total, "user")}</Badge>}
      </div>
      <SearchBox
        value={search}
        onChange={setSearch}
        label="Search users"
        placeholder="Search users..."
        maxLength={100}
        className="sm:max-w-sm"
      />
      <div aria-busy={isLoading || undefined}>{body}</div>
      {data && (data.pagination.hasMore || page > 1) && (
        <Pager
          name="User pages"
          page={page}
          hasMore={data.pagination.hasMore}
          loading={isLoading}
          onPageChange={setPage}
          label={pages ? `Page ${page} of ${pages}` : `Page ${page}`}
        />
      )}
    </section>
  );
}

/** The username, else the full name, else 'Anonymous' (docs/product-spec.md §2). */
function userName(user: AdminUser): string {
  return user.username || fullName(user) || "Anonymous";
}

function fullName(user: AdminUser): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
}

/** The name, with a crown for admins (docs/product-spec.md §2). */
function UserName({ user }: { user: AdminUser }) {
  // The full name goes under a username; without one it is already the name shown.
  const name = user.username ? fullName(user) : null;
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-1.5 font-medium text-ink">
        {user.isAdmin && (
          <>
            <Crown className="size-4 shrink-0 text-amber-500" aria-hidden />
            <span className="sr-only">Admin:</span>
          </>
        )}
        <span className="truncate">{userName(user)}</span>
      </p>
      {name && <p className="truncate text-xs text-muted">{name}</p>}
    </div>
  );
}

function UserList({ users }: { users: AdminUser[] }) {
  return (
    <>
      {/* small screens: cards */}
      <ul className="grid gap-3 lg:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1">
                  <UserName user={user} />
                  <p className="truncate text-sm text-muted" title={user.email ?? undefined}>
                    {user.email ?? "No email"}
                  </p>
                  <p className="mt-1 text-xs text-muted">Joined {formatDate(user.createdAt)}</p>
                </div>
                <TierBadge tier={user.subscriptionTier} />
                <StatusBadge status={user.subscriptionStatus} />
              </div>
              <UserActions user={user} />
            </Card>
          </li>
        ))}
      </ul>

      {/* wide screens: a table */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Tier
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id}>
                <td className="max-w-48 px-4 py-3">
                  <UserName user={user} />
                </td>
                <td className="max-w-64 truncate px-4 py-3 text-muted" title={user.email ?? undefined}>
                  {user.email ?? "—"}
                </td>
                <td className="px-4 py-3">
                  <TierBadge tier={user.subscriptionTier} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={user.subscriptionStatus} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">{formatDate(user.createdAt)}</td>
                <td className="px-4 py-3">
                  <UserActions user={user} align="end" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * docs/product-spec.md §2: a tier selector (Free, Pro, Enterprise) and 'Make Admin' for non-admins. Both change another person's
 * account at once (a plan granted free of charge, full admin rights), so each asks first; focus goes back to the
 * control that asked.
 */
function UserActions({ user, align = "start" }: { user: AdminUser; align?: "start" | "end" }) {
  const [asking, setAsking] = useState<{ kind: "tier"; tier: Tier } | { kind: "admin" } | null>(null);
  const [pending, setPending] = useState(false);
  const tierTrigger = useRef<HTMLButtonElement>(null);
  const adminButton = useRef<HTMLButtonElement>(null);
  const name = userName(user);

  async function changeTier(tier: Tier) {
    setPending(true);
    try {
      const message = await updateUserTier(user.id, tier);
      toast({
        title: "Subscription Updated",
        description: message || `${name} is now on the ${TIER_LABELS[tier]} plan.`,
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to update the subscription."),
        variant: "destructive",
        error,
      });
    } finally {
      setPending(false);
      setAsking(null);
    }
  }

  async function grantAdmin() {
    setPending(true);
    try {
      const message = await makeAdmin(user.id);
      toast({ title: "Admin Access Granted", description: message || `${name} is now an admin.`, variant: "success" });
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to grant admin access."),
        variant: "destructive",
        error,
      });
    } finally {
      setPending(false);
      setAsking(null);
    }
  }

  const pendingTier = asking?.kind === "tier" && pending ? asking.tier : null;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${align === "end" ? "justify-end" : ""}`}>
      {pendingTier && <Spinner className="size-4 text-brand-600" label={`Updating ${name}'s subscription`} />}
      <Select
        value={pendingTier ?? user.subscriptionTier}
        onValueChange={(value) =>
          value !== user.subscriptionTier && !pending && setAsking({ kind: "tier", tier: value as Tier })
        }
      >
        <SelectTrigger ref={tierTrigger} aria-label={`Subscription tier for ${name}`} className="h-8 w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TIERS.map((tier) => (
            <SelectItem key={tier} value={tier}>
              {TIER_LABELS[tier]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {!user.isAdmin && (
        <Button
          ref={adminButton}
          size="sm"
          variant="outline"
          aria-disabled={pending || undefined}
          onClick={() => !pending && setAsking({ kind: "admin" })}
          aria-label={`Make Admin: ${name}`}
        >
          {asking?.kind === "admin" && pending ? (
            <Spinner className="size-4 text-current" />
          ) : (
            <ShieldPlus aria-hidden />
          )}
          Make Admin
        </Button>
      )}
      <ConfirmDialog
        open={asking?.kind === "tier"}
        title={`Change ${name}'s plan?`}
        description={
          asking?.kind === "tier"
            ? `${name} moves from ${TIER_LABELS[user.subscriptionTier]} to ${TIER_LABELS[asking.tier]} at once, without a payment: the plan's limits change for their account and their team.`
            : ""
        }
        confirmLabel={asking?.kind === "tier" ? `Change to ${TIER_LABELS[asking.tier]}` : "Change"}
        pending={pending}
        returnFocus={tierTrigger.current}
        onConfirm={() => asking?.kind === "tier" && void changeTier(asking.tier)}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking?.kind === "admin"}
        title={`Make ${name} an admin?`}
        description={`${name} will see every account, change plans and grant admin access to others. This cannot be undone from this screen.`}
        confirmLabel="Make Admin"
        confirmIcon={<ShieldPlus aria-hidden />}
        pending={pending}
        returnFocus={adminButton.current}
        onConfirm={() => void grantAdmin()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

function UsersSkeleton() {
  return <SkeletonList label="Loading users" text="Loading users..." rowClassName="h-16" />;
}
