// The header menus' buttons, drawn from the first paint (web/app/layouts/site-header.tsx) and reused as the menus'
// triggers once their code has arrived (web/app/layouts/header-menus.tsx): no Radix here.
import { ChevronDown, Menu } from "lucide-react";
import type { ComponentProps } from "react";
import type { PublicUser } from "../../../schema/api/auth";
import { Button } from "../../components/ui/button";
import { displayName } from "../../shared/session/user";

function initials(user: PublicUser): string {
  const source = user.firstName ?? user.username ?? user.email ?? "?";
  return source.trim().charAt(0).toUpperCase() || "?";
}

/** The user menu's button: initials, the name, and what it opens. Props (a trigger's) go to the button. */
export function UserMenuButton({ user, ...props }: { user: PublicUser } & ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...props}
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
  );
}

/** The phone menu's button. Props (a trigger's) go to the button. */
export function MobileMenuButton(props: ComponentProps<"button">) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={false} {...props}>
      <Menu aria-hidden />
    </Button>
  );
}
