import {
  CreditCard,
  History,
  LayoutDashboard,
  Settings,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { PublicUser } from "../../../schema/api/auth";
import type { SubscriptionInfo } from "../../../schema/api/subscription-body";
import { hasTeamAccess } from "../../shared/session/subscription";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * docs/product-spec.md §2: Dashboard, Generate, History; Team for pro/enterprise subscriptions, and for a member of someone else's
 * team whatever their own plan (issue 29: the team they work in, and a way to leave it) or an owner with members to
 * review after taking the account back (issue 39); Admin for isAdmin.
 */
export function primaryNavItems(
  user: PublicUser,
  subscription: SubscriptionInfo | undefined,
  memberOfTeam = false,
): NavItem[] {
  const items: NavItem[] = [
    // The spec's Dashboard link is "/", which sends signed-in users here; linking directly avoids the hop.
    { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
    { to: "/generate", label: "Generate", icon: Sparkles },
    { to: "/history", label: "History", icon: History },
  ];
  if (hasTeamAccess(subscription) || memberOfTeam) items.push({ to: "/team", label: "Team", icon: Users });
  if (user.isAdmin) items.push({ to: "/admin", label: "Admin", icon: ShieldCheck });
  return items;
}

/** Extra entries of the small-screen side menu (docs/product-spec.md §2). */
export const accountNavItems: NavItem[] = [
  { to: "/subscription", label: "Subscription", icon: CreditCard },
  { to: "/account", label: "Settings", icon: Settings },
];
