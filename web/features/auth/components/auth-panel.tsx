import type { LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";

// The pieces of the one-task auth screens (forgot password, reset password).

/**
 * The top of a one-task auth screen: an icon, the page's h1 and what to do.
 * `focus` moves focus to the heading when the panel replaces another in place, so screen readers announce it.
 */
export function AuthPanelHeading({
  icon: Icon,
  title,
  children,
  focus = false,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="flex flex-col items-center text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden />
      </div>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-ink focus:outline-none">
        {title}
      </h1>
      <div className="mt-2 text-sm text-muted">{children}</div>
    </div>
  );
}

/** The quiet way back to the sign-in screen under an auth panel's form. */
export function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/auth" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}
