import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { RequireAuth } from "./require-auth";
import { RouteErrorBoundary } from "./route-error-boundary";

// Every screen and layout is its own chunk so the first load stays small.
const load = {
  appLayout: () => import("./layouts/app-layout"),
  authLayout: () => import("./layouts/auth-layout"),
  landing: () => import("./routes/landing"),
  auth: () => import("./routes/auth"),
  dashboard: () => import("./routes/dashboard"),
  generate: () => import("./routes/generate"),
  history: () => import("./routes/history"),
};
const AppLayout = lazy(load.appLayout);
const AuthLayout = lazy(load.authLayout);

const Landing = lazy(load.landing);
const AuthPage = lazy(load.auth);
const VerifyEmail = lazy(() => import("./routes/verify-email"));
const ForgotPassword = lazy(() => import("./routes/forgot-password"));
const ResetPassword = lazy(() => import("./routes/reset-password"));
const PrivacyPolicy = lazy(() => import("./routes/privacy-policy"));
const TermsOfService = lazy(() => import("./routes/terms-of-service"));
const Dashboard = lazy(load.dashboard);
const Generate = lazy(load.generate);
const History = lazy(load.history);
const ProjectSettings = lazy(() => import("./routes/project-settings"));
const Account = lazy(() => import("./routes/account"));
const Subscription = lazy(() => import("./routes/subscription"));
const Team = lazy(() => import("./routes/team"));
const TeamAccept = lazy(() => import("./routes/team-accept"));
const Admin = lazy(() => import("./routes/admin"));
const NotFound = lazy(() => import("./routes/not-found"));

/**
 * A lazy layout asks for its page's chunk only once it has rendered, so a first visit would fetch layout, then page,
 * one after the other. For the pages people land on, both start at once, before the first render.
 */
function preloadEntry(path: string): void {
  const starts: Record<string, (() => Promise<unknown>)[]> = {
    "/": [load.landing],
    "/auth": [load.authLayout, load.auth],
    "/dashboard": [load.appLayout, load.dashboard],
    "/generate": [load.appLayout, load.generate],
    "/history": [load.appLayout, load.history],
  };
  for (const start of starts[path] ?? []) void start().catch(() => undefined);
}
if (typeof window !== "undefined") preloadEntry(window.location.pathname);

export function AppRoutes() {
  // The layouts catch their pages' failures inside the header and footer; this one is for a failing layout or
  // the landing page, which has no layout.
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route index element={<Landing />} />

          <Route element={<AuthLayout />}>
            <Route path="auth" element={<AuthPage />} />
            <Route path="verify-email" element={<VerifyEmail />} />
            <Route path="forgot-password" element={<ForgotPassword />} />
            <Route path="reset-password" element={<ResetPassword />} />
          </Route>

          <Route element={<AppLayout />}>
            <Route path="privacy-policy" element={<PrivacyPolicy />} />
            <Route path="terms-of-service" element={<TermsOfService />} />
            {/* signed out, it asks to sign in first (spec §2 Invitation acceptance) */}
            <Route path="team/accept/:token" element={<TeamAccept />} />

            <Route element={<RequireAuth />}>
              <Route path="dashboard" element={<Dashboard />} />
              <Route path="generate" element={<Generate />} />
              <Route path="history" element={<History />} />
              <Route path="project/:id" element={<History />} />
              <Route path="projects/:id/settings" element={<ProjectSettings />} />
              <Route path="account" element={<Account />} />
              <Route path="account-settings" element={<Account />} />
              <Route path="subscription" element={<Subscription />} />
              <Route path="team" element={<Team />} />
              <Route path="admin" element={<Admin />} />
            </Route>

            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
