import { Provider as JotaiProvider } from "jotai";
import { lazy, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { SWRConfig } from "swr";
import { appStore } from "../lib/store";
import { swrConfig } from "../lib/swr";
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
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </BrowserRouter>
      </SWRConfig>
    </JotaiProvider>
  );
}
