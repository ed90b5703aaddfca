import { ChevronDown, CreditCard, History, LayoutDashboard, LogOut, Menu, Settings } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import type { PublicUser } from "../../../schema/api/auth";
import { BrandLink } from "../../components/brand";
import { Button } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, DialogTrigger, SheetContent } from "../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useSignOut } from "../../features/auth/api/use-sign-out";
import { resetGeneratorState } from "../../features/generator/state";
import { cn } from "../../lib/cn";
import { usePaymentConfirmationPoll } from "../../shared/session/payment-confirmation";
import { hasTeamAccess, useSubscription } from "../../shared/session/subscription";
import { TierBadge } from "../../shared/session/tier-badge";
import { displayName, useUser } from "../../shared/session/user";
import { useTeamContext } from "../../features/team/api";
import { accountNavItems, primaryNavItems, type NavItem } from "./nav-items";

function initials(user: PublicUser): string {
  const source = user.firstName ?? user.username ?? user.email ?? "?";
  return source.trim().charAt(0).toUpperCase() || "?";
}

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

function UserMenu({ user, onSignOut }: { user: PublicUser; onSignOut: () => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="flex items-center gap-2 rounded-full border border-line bg-white py-1 pr-2.5 pl-1 text-sm text-slate-700 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-50"
        >
          <span
            aria-hidden
            className="flex size-7 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
          >
            {initials(user)}
          </span>
          {/* the name comes from what is shown, plus what the button does: what a speech user reads out is its
              name (WCAG 2.5.3; an aria-label "User menu" hid the visible name) */}
          <span className="max-w-40 truncate">{displayName(user)}</span>
          <span className="sr-only">, User menu</span>
          <ChevronDown className="size-4 text-slate-500" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <p className="truncate text-sm font-medium text-ink">{displayName(user)}</p>
          <p className="text-xs text-muted">Signed in</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/subscription">
            <CreditCard aria-hidden />
            Subscription
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden />
            Account Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/history">
            <History aria-hidden />
            History
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileMenu({ user, items, onSignOut }: { user: PublicUser; items: NavItem[]; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </DialogTrigger>
      <SheetContent closeLabel="Close menu">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="truncate">Signed in as {displayName(user)}</DialogDescription>
        <nav aria-label="Menu" className="mt-6 flex-1 overflow-y-auto">
          <ul className="grid gap-1">
            {[...items, ...accountNavItems].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
                    )
                  }
                >
                  <item.icon className="size-5 text-slate-500" aria-hidden />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-line pt-4">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <LogOut aria-hidden />
            Sign Out
          </Button>
        </div>
      </SheetContent>
    </Dialog>
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
          {user && (
            <>
              <div className="hidden md:block">
                <UserMenu user={user} onSignOut={onSignOut} />
              </div>
              <div className="md:hidden">
                <MobileMenu user={user} items={items} onSignOut={onSignOut} />
              </div>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
