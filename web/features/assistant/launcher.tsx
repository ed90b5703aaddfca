import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { Bot } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "../../components/error-boundary";
import { chatPanelAtom, cornerPlaceAtom, pillSizeAtom } from "./state";
import { BUTTON_SIZE, useLauncherPlace } from "./tuck";

// The floating help assistant's button (docs/product-spec.md §2), on every page. Everything else (the panel, its calls, its state)
// is downloaded the first time the button is used, so the first load carries only this. It never covers a control of
// the page: where it goes, or whether it steps aside, is ./tuck's (its box there is the one these classes draw).
const ChatPanel = lazy(() => import("./chat-panel"));

export function AssistantLauncher() {
  const [panel, setPanel] = useAtom(chatPanelAtom);
  const [used, setUsed] = useState(false);
  const pill = useAtomValue(pillSizeAtom);
  // one rule for whatever is in the corner: the button, or the minimised panel's pill (which reads it from the atom)
  const place = useLauncherPlace(panel === "minimised" && pill ? pill : BUTTON_SIZE);
  const share = useSetAtom(cornerPlaceAtom);
  useEffect(() => share(place), [place, share]);
  return (
    <>
      {panel === "closed" && place.shown && (
        <button
          type="button"
          onClick={() => {
            setUsed(true);
            setPanel("open");
          }}
          className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-safe:transition-[background-color,transform] sm:right-6 sm:bottom-6"
          style={place.lift ? { transform: `translateY(-${place.lift}px)` } : undefined}
          aria-label="AI Helper"
          title="AI Helper"
          data-assistant-launcher=""
        >
          <Bot className="size-6" aria-hidden />
        </button>
      )}
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <ChatPanel />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
