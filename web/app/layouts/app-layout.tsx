import { Suspense } from "react";
import { Outlet } from "react-router";
import { SkipLink } from "../../components/skip-link";
import { PageSpinner } from "../../components/ui/spinner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export default function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
