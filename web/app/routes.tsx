import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { preloadEntryData } from "./preload";
import { RequireAuth } from "./require-auth";
import { RouteErrorBoundary } from "./route-error-boundary";

// Every screen and layout is its own chunk so the first load stays small.
const AppLayout = lazy(() => import("./layouts/app-layout"));
const AuthLayout = lazy(() => import("./layouts/auth-layout"));

const Landing = lazy(() => import("./routes/landing"));
const AuthPage = lazy(() => import("./routes/auth"));
const VerifyEmail = lazy(() => import("./routes/verify-email"));
const VerifyEmailConfirm = lazy(() => import("./routes/verify-email-confirm"));
const ForgotPassword = lazy(() => import("./routes/forgot-password"));
const ResetPassword = lazy(() => import("./routes/reset-password"));
const SignInLink = lazy(() => import("./routes/sign-in-link"));
const PrivacyPolicy = lazy(() => import("./routes/privacy-policy"));
const TermsOfService = lazy(() => import("./routes/terms-of-service"));
const Dashboard = lazy(() => import("./routes/dashboard"));
const Generate = lazy(() => import("./routes/generate"));
const History = lazy(() => import("./routes/history"));
const ProjectSettings = lazy(() => import("./routes/project-settings"));
const Account = lazy(() => import("./routes/account"));
const Subscription = lazy(() => import("./routes/subscription"));
const Team = lazy(() => import("./routes/team"));
const TeamAccept = lazy(() => import("./routes/team-accept"));
const Admin = lazy(() => import("./routes/admin"));
const McpConsent = lazy(() => import("./routes/mcp-consent"));
const NotFound = lazy(() => import("./routes/not-found"));

// The pages people land on have their own HTML with modulepreload links for their layout and page chunks
// (scripts/vite-entry-html.ts); here only the data they need is started early.
if (typeof window !== "undefined") preloadEntryData(window.location.pathname);

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
            <Route path="verify-email/confirm" element={<VerifyEmailConfirm />} />
            <Route path="forgot-password" element={<ForgotPassword />} />
            <Route path="reset-password" element={<ResetPassword />} />
            <Route path="sign-in-link" element={<SignInLink />} />
          </Route>

          <Route element={<AppLayout />}>
            <Route path="privacy-policy" element={<PrivacyPolicy />} />
            <Route path="terms-of-service" element={<TermsOfService />} />
            {/* signed out, it asks to sign in first (docs/product-spec.md §2 Invitation acceptance) */}
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
              <Route path="oauth/consent" element={<McpConsent />} />
            </Route>

            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
