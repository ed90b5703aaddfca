import { Suspense } from "react";
import { Outlet } from "react-router";
import { SkipLink } from "../../components/skip-link";
import { PageSpinner } from "../../components/ui/spinner";
import { RouteErrorBoundary } from "../route-error-boundary";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export default function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {/* (room at the bottom, so the floating AI Helper button never covers the last controls of a page) */}
      <main id="main" tabIndex={-1} className="flex-1 pb-20 focus:outline-none">
        <RouteErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
