import { Provider as JotaiProvider } from "jotai";
import { lazy, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { SWRConfig } from "swr";
import { ErrorBoundary } from "../components/error-boundary";
import { appStore } from "../lib/store";
import { swrConfig } from "../lib/swr";
import { AssistantLauncher } from "../features/assistant/launcher";
import { AppRoutes } from "./routes";
import { ScrollToTop } from "./scroll-to-top";

// The toast region (Radix Toast) is not needed for the first paint; a toast raised before it loads is kept in
// the jotai store and shown as soon as it arrives.
const Toaster = lazy(() => import("../components/ui/toast").then((m) => ({ default: m.Toaster })));

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <SWRConfig value={swrConfig}>
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
          <AssistantLauncher />
          {/* A toast region that fails to download must not take the page down with it. */}
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </ErrorBoundary>
        </BrowserRouter>
      </SWRConfig>
    </JotaiProvider>
  );
}
