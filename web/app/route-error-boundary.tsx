import { Home, RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorBoundary } from "../components/error-boundary";
import { RequestId } from "../components/request-id";
import { plainButtonClasses } from "../components/ui/button-styles";
import { requestIdOf } from "../lib/api";
import { isChunkLoadError } from "../lib/chunk-load-error";
import { useUser } from "../shared/session/user";

// Part of the first download (the app-wide boundary uses it), so no cn()/tailwind-merge: plain class strings.

/**
 * A screen that throws while rendering, or whose code fails to download, shows ErrorScreen in its place; the
 * layout around it (header, navigation) stays usable, and the next navigation clears it. The layouts wrap their
 * outlet in one; routes.tsx wraps everything in another for a failing layout or the landing page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key} fallback={(error, retry) => <ErrorScreen error={error} onRetry={retry} />}>
      {children}
    </ErrorBoundary>
  );
}

function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { user } = useUser();
  const chunkFailed = isChunkLoadError(error);
  const requestId = requestIdOf(error);
  const heading = chunkFailed ? "This page didn't load" : "Something went wrong";
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
      <title>{`${heading} · StoryLoom`}</title>
      <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlert className="size-7" aria-hidden />
      </div>
      <div role="alert" className="flex flex-col items-center">
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{heading}</h1>
        <p className="mt-3 text-base text-muted">
          {chunkFailed
            ? "Part of StoryLoom couldn't be downloaded. Check your connection and reload; if we've just released an update, reloading picks it up."
            : "This page ran into an unexpected problem. Your saved work is safe: try again, or go back and carry on."}
        </p>
        {requestId && (
          <RequestId requestId={requestId} className="mt-4 rounded-md bg-slate-100 px-3 py-1.5 text-slate-700" />
        )}
      </div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button
          type="button"
          className={plainButtonClasses("default", "lg")}
          onClick={chunkFailed ? () => window.location.reload() : onRetry}
        >
          <RefreshCw aria-hidden />
          {chunkFailed ? "Reload page" : "Try again"}
        </button>
        {/* A full page load on purpose: whatever broke (a failed download React keeps, odd state) starts afresh. */}
        <a href={user ? "/dashboard" : "/"} className={plainButtonClasses("outline", "lg")}>
          <Home aria-hidden />
          {user ? "Go to your dashboard" : "Back to the home page"}
        </a>
      </div>
    </div>
  );
}
