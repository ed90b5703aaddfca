import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import type { PublicUser } from "../../../schema/api/auth";
import { BrandLink } from "../../components/brand";
import { ErrorBoundary } from "../../components/error-boundary";
import { Button } from "../../components/ui/button";
import { useSignOut } from "../../features/auth/api/use-sign-out";
import { resetGeneratorState } from "../../features/generator/state";
import { cn } from "../../lib/cn";
import { useIdle } from "../../lib/idle";
import { usePaymentConfirmationPoll } from "../../shared/session/payment-confirmation";
import { hasTeamAccess, useSubscription } from "../../shared/session/subscription";
import { TierBadge } from "../../shared/session/tier-badge";
import { useUser } from "../../shared/session/user";
import { useTeamContext } from "../../features/team/api";
import { MobileMenuButton, UserMenuButton } from "./menu-buttons";
import { primaryNavItems, type NavItem } from "./nav-items";

function DesktopNavLink({ item }: { item: NavItem }) {
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        cn(
          "rounded-md px-3 py-2 text-sm font-medium transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-600 hover:bg-slate-100 hover:text-ink",
        )
      }
    >
      {item.label}
    </NavLink>
  );
}

const HeaderMenus = lazy(() => import("./header-menus"));
type MenuName = "user" | "mobile";

/**
 * The user menu and the phone menu. Their buttons are drawn at once; the menus' code arrives when the browser is
 * idle after the first paint, or at once when a button is pressed, and the menu then opens as it was asked to. A
 * button that had the focus when the menus arrived passes it on to its successor.
 */
function AccountMenus({ user, items, onSignOut }: { user: PublicUser; items: NavItem[]; onSignOut: () => void }) {
  const idle = useIdle(3000);
  const [pressed, setPressed] = useState<MenuName | null>(null);
  const [focused, setFocused] = useState<MenuName | null>(null);
  const buttonProps = (menu: MenuName) => ({
    onClick: () => setPressed(menu),
    onFocus: () => setFocused(menu),
    onBlur: () => setFocused(null),
  });
  const buttons = (
    <>
      <div className="hidden md:block">
        <UserMenuButton user={user} {...buttonProps("user")} />
      </div>
      <div className="md:hidden">
        <MobileMenuButton {...buttonProps("mobile")} />
      </div>
    </>
  );
  if (!idle && !pressed) return buttons;
  return (
    // menus that fail to download leave the buttons, as before they loaded
    <ErrorBoundary fallback={() => buttons}>
      <Suspense fallback={buttons}>
        <HeaderMenus user={user} items={items} onSignOut={onSignOut} pressed={pressed} focused={focused} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The navigation bar of every page except the landing and sign-in screens (docs/product-spec.md §2). */
export function SiteHeader() {
  const { user } = useUser();
  const { data: subscription } = useSubscription();
  // A pending payment is confirmed on load and every 30 s on every signed-in page (docs/product-spec.md §4).
  usePaymentConfirmationPoll();
  // Signing out must not leave one person's draft or result for the next person on the same tab.
  const signOut = useSignOut(resetGeneratorState);
  // a free plan's Team link depends on belonging to someone else's team, or on members of its own to review after
  // the account was taken back (issue 39) (one call, once, for free plans only)
  const { data: team } = useTeamContext(!!user && !!subscription && !hasTeamAccess(subscription));
  const items = user
    ? primaryNavItems(user, subscription, (team?.memberOf.length ?? 0) > 0 || (team?.membersToReview ?? 0) > 0)
    : [];
  const onSignOut = () => void signOut();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2.5">
          <BrandLink to={user ? "/dashboard" : "/"} />
          {user && <TierBadge subscription={subscription} />}
        </div>
        {user && (
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <DesktopNavLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          {user === null && (
            <Button asChild size="md">
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
          {user && <AccountMenus user={user} items={items} onSignOut={onSignOut} />}
        </div>
      </div>
    </header>
  );
}
