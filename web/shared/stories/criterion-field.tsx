import { useLayoutEffect, useRef, type KeyboardEvent, type ClipboardEvent } from "react";
import { STORY_LIMITS } from "../../../schema/api/transcripts";
import { Textarea } from "../../components/ui/textarea";
import { CRITERION_PLACEHOLDER } from "./edit-stories";

/**
 * One acceptance criterion: a text box one line high that grows with its text, so a long criterion is read whole
 * rather than cut off. A criterion is one line (see typeIntoCriterion in ./edit-stories.ts), so Enter and a pasted
 * line break start a new criterion (`onBreak`), and Backspace at its start joins it to the one above (`onJoin`).
 */
export function CriterionField({
  id,
  label,
  value,
  onChange,
  onBreak,
  onJoin,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Text with line breaks typed or pasted between `start` and `end`. */
  onBreak: (start: number, end: number, inserted: string) => void;
  onJoin: () => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);

  // Fit the height to the text now, and again whenever the box's width changes (a narrower screen wraps more).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    fit(element);
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fit(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    const { selectionStart: start, selectionEnd: end } = event.currentTarget;
    if (event.key === "Enter" && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onBreak(start, end, "\n");
    } else if (event.key === "Backspace" && start === 0 && end === 0) {
      event.preventDefault();
      onJoin();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const text = event.clipboardData.getData("text/plain");
    if (!/[\r\n]/.test(text)) return;
    event.preventDefault();
    onBreak(event.currentTarget.selectionStart, event.currentTarget.selectionEnd, text.replace(/\s+$/, ""));
  }

  return (
    <Textarea
      ref={ref}
      id={id}
      aria-label={label}
      rows={1}
      maxLength={STORY_LIMITS.criterion}
      autoComplete="off"
      placeholder={CRITERION_PLACEHOLDER}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, " "))}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      className="min-h-10 resize-none overflow-hidden py-[9px]"
    />
  );
}

/** The height that shows every line: the content's scroll height plus the borders. */
function fit(element: HTMLTextAreaElement) {
  element.style.height = "auto";
  const borders = element.offsetHeight - element.clientHeight;
  element.style.height = `${element.scrollHeight + borders}px`;
}
