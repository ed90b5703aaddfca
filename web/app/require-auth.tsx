import { useAtomValue } from "jotai";
import { Navigate, Outlet } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { needsEmailVerification, signingOutAtom, useUser } from "../shared/session/user";

/** Protected pages (spec §2): spinner while loading, anonymous → /auth, unverified password account → /verify-email. */
export function RequireAuth() {
  const { user } = useUser();
  const signingOut = useAtomValue(signingOutAtom);
  if (user === undefined) return <PageSpinner />;
  if (user === null) return signingOut ? <PageSpinner label="Signing out" /> : <Navigate to="/auth" replace />;
  if (needsEmailVerification(user)) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
