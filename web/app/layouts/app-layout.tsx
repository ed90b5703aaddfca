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
      {/* Room at the bottom, so the floating AI Helper button never covers the last controls of a page. At least a
          screen tall below the 4rem header, so the footer starts below the fold: while a page's data loads, its
          growth would otherwise push a visible footer down (Lighthouse counted that as a 0.1 layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 pb-20 focus:outline-none">
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
