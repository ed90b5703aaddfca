import { StrictMode } from "react";
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
// every other page arrives as the shell, which the first render replaces.
if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) hydrateRoot(container, app);
else createRoot(container).render(app);
