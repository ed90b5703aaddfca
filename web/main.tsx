import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PRERENDERED_ATTRIBUTE } from "../schema/web/pages";
import { App } from "./app/app";
import "./app/styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The pages a visitor lands on signed out arrive drawn (scripts/vite-entry-html.ts): React takes over that markup;
// every other page arrives as the shell, which the first render replaces. As a transition, the first render yields
// to the browser every few milliseconds instead of holding the main thread for the whole page (on a phone, long
// tasks of 200–300 ms that delayed any tap: Lighthouse's total blocking time on /dashboard ~500 → ~250 ms).
startTransition(() => {
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
