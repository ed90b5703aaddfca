// The header's user menu and phone menu, loaded apart from the header (web/app/layouts/site-header.tsx): their Radix
// parts are the layered "overlays" chunk (web/vite.config.ts), which a page's first paint does not need.
import { CreditCard, History, LayoutDashboard, LogOut, Settings } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import type { PublicUser } from "../../../schema/api/auth";
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
import { cn } from "../../lib/cn";
import { displayName } from "../../shared/session/user";
import { MobileMenuButton, UserMenuButton } from "./menu-buttons";
import { accountNavItems, type NavItem } from "./nav-items";

interface MenuProps {
  user: PublicUser;
  onSignOut: () => void;
  /** Opens at once: the person pressed the button before this code had arrived. */
  defaultOpen?: boolean;
  /** Its button takes the focus: the button drawn before this code arrived had it. */
  autoFocus?: boolean;
}

export function UserMenu({ user, onSignOut, defaultOpen, autoFocus }: MenuProps) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} autoFocus={autoFocus} />
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

export function MobileMenu({
  user,
  items,
  onSignOut,
  defaultOpen = false,
  autoFocus,
}: MenuProps & { items: NavItem[] }) {
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <MobileMenuButton autoFocus={autoFocus} />
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

/** Both menus, each shown at the widths web/app/layouts/site-header.tsx shows its button. */
export default function HeaderMenus({
  user,
  items,
  onSignOut,
  pressed,
  focused,
}: {
  user: PublicUser;
  items: NavItem[];
  onSignOut: () => void;
  pressed: "user" | "mobile" | null;
  focused: "user" | "mobile" | null;
}) {
  return (
    <>
      <div className="hidden md:block">
        <UserMenu user={user} onSignOut={onSignOut} defaultOpen={pressed === "user"} autoFocus={focused === "user"} />
      </div>
      <div className="md:hidden">
        <MobileMenu
          user={user}
          items={items}
          onSignOut={onSignOut}
          defaultOpen={pressed === "mobile"}
          autoFocus={focused === "mobile"}
        />
      </div>
    </>
  );
}
