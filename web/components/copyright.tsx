import { useHydrating } from "../lib/hydration";

/**
 * "© {year} StoryLoom", the year today's. A page drawn at build time (web/prerender.tsx) cannot know the year it is
 * read in, so while it hydrates the line has no year (the build's year would not match a later visit's first
 * render); the year follows at once.
 */
export function Copyright({ suffix = "" }: { suffix?: string }) {
  const hydrating = useHydrating();
  return (
    <>
      © {hydrating ? "" : `${new Date().getFullYear()} `}StoryLoom{suffix}
    </>
  );
}
