import type { ChatbotResponse } from "../../../schema/api/chatbot";

// The screens an answer describes (its sources' paths, worker/services/assistant/knowledge.ts), as links under the
// assistant's reply: issue 29 asks that an answer link to the screen it is about.

const SCREENS: Record<string, string> = {
  "/dashboard": "Dashboard",
  "/generate": "Generate",
  "/history": "History",
  "/team": "Team",
  "/subscription": "Subscription",
  "/account": "Account Settings",
  "/auth": "Sign In",
  "/privacy-policy": "Privacy Policy",
  "/terms-of-service": "Terms of Service",
};

export interface ScreenLink {
  label: string;
  path: string;
}

/** One link per screen the answer's sources name, in their order; sources without a screen give none. */
export function screenLinks(sources: ChatbotResponse["sources"] | undefined): ScreenLink[] {
  const seen = new Set<string>();
  const links: ScreenLink[] = [];
  for (const source of sources ?? []) {
    const path = source.path;
    // only the app's own screens: a path is a same-origin route, never a link elsewhere
    if (!path || !path.startsWith("/") || path.startsWith("//") || seen.has(path)) continue;
    seen.add(path);
    links.push({ label: SCREENS[path] ?? path, path });
  }
  return links;
}
