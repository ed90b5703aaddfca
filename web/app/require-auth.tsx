import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { rememberAfterSignIn } from "../shared/session/after-sign-in";
import { needsEmailVerification, signingOutAtom, useUser } from "../shared/session/user";

/** Protected pages (docs/product-spec.md §2): spinner while loading, anonymous → /auth, unverified password account → /verify-email. */
export function RequireAuth() {
  const { user } = useUser();
  const signingOut = useAtomValue(signingOutAtom);
  if (user === undefined) return <PageSpinner />;
  if (user === null) return signingOut ? <PageSpinner label="Signing out" /> : <ToSignIn />;
  if (needsEmailVerification(user)) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}

/** To /auth, remembering the page so signing in comes back to it (not when signing out: that goes home). */
function ToSignIn() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => rememberAfterSignIn(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return <Navigate to="/auth" replace />;
}
