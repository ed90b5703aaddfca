import { Provider as JotaiProvider } from "jotai";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { SWRConfig } from "swr";
import { ErrorBoundary } from "../components/error-boundary";
import { toastAtom } from "../components/ui/toast";
import { useIdle } from "../lib/idle";
import { appStore } from "../lib/store";
import { swrConfig } from "../lib/swr";
import { AssistantLauncher } from "../features/assistant/launcher";
import { AppRoutes } from "./routes";
import { ScrollToTop } from "./scroll-to-top";

// The toast region (Radix Toast) is not needed for the first paint; a toast raised before it loads is kept in
// the jotai store and shown as soon as it arrives.
const Toaster = lazy(() => import("../components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toast region once the browser is idle after the first render, or at once when a toast is raised
 * earlier: its code (Radix's layered parts) then never competes with the page's own first download.
 */
function DeferredToaster() {
  const raised = useAtomValue(toastAtom, { store: appStore }) !== null;
  const idle = useIdle(4000);
  if (!raised && !idle) return null;
  return (
    // A toast region that fails to download must not take the page down with it.
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The app inside a router: the browser's in web/main.tsx, a static one when the entry pages are prerendered. */
export function AppWithoutRouter() {
  return (
    <JotaiProvider store={appStore}>
      <SWRConfig value={swrConfig}>
        <ScrollToTop />
        <AppRoutes />
        <AssistantLauncher />
        <DeferredToaster />
      </SWRConfig>
    </JotaiProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppWithoutRouter />
    </BrowserRouter>
  );
}
