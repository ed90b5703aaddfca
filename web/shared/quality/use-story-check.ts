import { useCallback, useEffect, useRef, useState } from "react";
import type { Quality, StoryQuality } from "../../../schema/api/quality-body";
import type { GeneratedStories } from "../../../schema/api/transcripts";
import { toastError } from "../../components/ui/toast";
import { checkStories } from "./api";

/** How long after the last edit the draft is checked: typing a word does not send a request per letter. */
export const RECHECK_DELAY_MS = 800;

/**
 * A report, the stable keys of the stories it was made for (so it stays on the right story after one is removed or
 * added) and those stories as JSON (so an unchanged draft is not checked again).
 */
export interface KeyedQuality {
  quality: Quality;
  keys: readonly number[];
  storiesJson: string;
}

export type CheckStatus = "checked" | "waiting" | "checking" | "failed";

/**
 * Re-checks a draft as it is edited: RECHECK_DELAY_MS after the last change, through POST /api/stories/check,
 * cancelling a request that a newer edit made stale. A failed or rate-limited check keeps the last report on screen
 * and says so quietly; only a check the user asked for (`checkNow`) reports its failure as a toast.
 *
 * `stories` is what would be saved (the schema's shape), or null while there is no draft. `initial` is the saved
 * report with the stories it describes; a new `initial` object starts over (the editor's next opening).
 */
export function useStoryCheck({
  stories,
  keys,
  transcript,
  initial,
}: {
  stories: GeneratedStories | null;
  keys: readonly number[];
  transcript: string | undefined;
  initial: KeyedQuality | null;
}) {
  const [result, setResult] = useState<KeyedQuality | null>(initial);
  const [status, setStatus] = useState<CheckStatus>("checked");
  const [startedWith, setStartedWith] = useState(initial);
  if (startedWith !== initial) {
    setStartedWith(initial);
    setResult(initial);
    setStatus("checked");
  }
  const storiesJson = stories ? JSON.stringify(stories) : null;
  const running = useRef<AbortController | null>(null);
  // The latest draft, read when the timer fires or the user asks.
  const latest = useRef({ stories, keys, transcript, storiesJson });
  useEffect(() => {
    latest.current = { stories, keys, transcript, storiesJson };
  });

  const run = useCallback(async (explicit: boolean) => {
    const { stories: draft, keys: draftKeys, transcript: text, storiesJson: json } = latest.current;
    if (!draft || json === null) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus("checking");
    try {
      const quality = await checkStories(
        { stories: draft, ...(text?.trim() ? { transcript: text } : {}) },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setResult({ quality, keys: draftKeys, storiesJson: json });
      setStatus("checked");
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus("failed");
      if (explicit) toastError("Quality Check Failed", error, "Could not check the stories. Please try again.");
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  const checkedJson = result?.storiesJson ?? null;
  useEffect(() => {
    if (storiesJson === null || storiesJson === checkedJson) return;
    // An answer about the draft before this edit would be stale on arrival.
    running.current?.abort();
    if (stories?.userStories.length === 0) return; // nothing to check in an epic without stories
    setStatus("waiting");
    const timer = setTimeout(() => void run(false), RECHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // `stories` is read through storiesJson: a new object with the same content is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storiesJson, checkedJson, run]);

  // A closed editor does not wait for an answer nobody will see.
  useEffect(() => () => running.current?.abort(), []);

  const checkNow = useCallback(() => void run(true), [run]);
  const current = storiesJson !== null && storiesJson === checkedJson;
  return { result, status: current ? "checked" : status, checkNow };
}

/** The part of a keyed report about the story with `key`, or undefined when the report predates that story. */
export function storyQualityFor(result: KeyedQuality | null, key: number): StoryQuality | undefined {
  if (!result) return undefined;
  const position = result.keys.indexOf(key);
  return position < 0 ? undefined : result.quality.stories.find((s) => s.index === position);
}
