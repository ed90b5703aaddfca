import { Suspense } from "react";
import { Outlet } from "react-router";
import { BrandLink } from "../../components/brand";
import { SkipLink } from "../../components/skip-link";
import { PageSpinner } from "../../components/ui/spinner";
import { RouteErrorBoundary } from "../route-error-boundary";
import { SiteFooter } from "./site-footer";

/** Sign-in and verification screens: the brand only, no app navigation. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50/70 via-canvas to-canvas">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <BrandLink />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 focus:outline-none sm:pt-10"
      >
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
