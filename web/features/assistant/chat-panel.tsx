import { atom, useAtom, useAtomValue, useSetAtom } from "jotai";
import { ChevronUp, Minus, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import {
  CHAT_HISTORY_SENT,
  CHAT_MESSAGE_MAX,
  type ChatbotResponse,
  type ChatMessage,
} from "../../../schema/api/chatbot";
import { toast } from "../../components/ui/toast";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { chatFailure } from "./failure";
import { screenLinks, type ScreenLink } from "./links";
import { chatPanelAtom, cornerPlaceAtom, pillSizeAtom } from "./state";
import { formatTime } from "../../lib/format";

// The help assistant's panel (docs/product-spec.md §2 Floating help assistant, §4 Chat panel, §5 Chat, §8 Assistant). Loaded on the
// first use of the AI Helper button; the conversation lives in the store, so minimising or closing keeps it.

const GREETING: ChatMessage = {
  id: "greeting",
  role: "assistant",
  content:
    "Hi! I'm the StoryLoom Assistant. I can help with generating user stories from transcripts, their quality checks and coverage, editing and exporting them, JIRA, Linear, GitHub, Azure DevOps and Notion, teams, plans and pricing, and your account. What would you like to know?",
  timestamp: new Date().toISOString(),
};

/** A message as the panel keeps it: an answer also carries links to the screens it describes. */
type PanelMessage = ChatMessage & { links?: ScreenLink[] };

const messagesAtom = atom<PanelMessage[]>([GREETING]);

let counter = 0;
const nextId = () => `${Date.now().toString(36)}-${++counter}`;

export default function ChatPanel() {
  const [panel, setPanel] = useAtom(chatPanelAtom);
  const [messages, setMessages] = useAtom(messagesAtom);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  // the minimised pill keeps off the page's controls by the button's rule (./tuck.ts): it tells the rule its size
  const corner = useAtomValue(cornerPlaceAtom);
  const reportPill = useSetAtom(pillSizeAtom);
  const pillRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const pill = pillRef.current;
    if (panel !== "minimised" || !pill) return;
    const report = () => reportPill({ width: pill.offsetWidth, height: pill.offsetHeight });
    report();
    const watch = new ResizeObserver(report);
    watch.observe(pill);
    return () => watch.disconnect();
  }, [panel, corner.shown, reportPill]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [messages, pending, panel]);
  useEffect(() => {
    if (panel === "open") inputRef.current?.focus();
  }, [panel]);
  // focus follows the panel when it shrinks or closes from inside (Escape, Minimise, Close): to the minimised bar's
  // Restore button, or back to the AI Helper button that opened it; never pulled from elsewhere on the page
  const restoreRef = useRef<HTMLButtonElement>(null);
  const focusInside = useRef(false);
  const previous = useRef(panel);
  useEffect(() => {
    const was = previous.current;
    previous.current = panel;
    if (was === panel || !focusInside.current) return;
    focusInside.current = false;
    if (panel === "minimised") restoreRef.current?.focus();
    else if (panel === "closed")
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-assistant-launcher]")?.focus());
  }, [panel]);
  const rememberFocus = (next: typeof panel) => {
    focusInside.current = true;
    setPanel(next);
  };

  if (panel === "closed") return null;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const text = draft.trim();
    // docs/product-spec.md §5: blank messages are not sent, and nothing is sent while a reply is pending
    if (!text || pending) return;
    const question: ChatMessage = {
      id: nextId(),
      role: "user",
      content: text.slice(0, CHAT_MESSAGE_MAX),
      timestamp: new Date().toISOString(),
    };
    const history = messages
      .filter((m) => m.id !== GREETING.id)
      .slice(-CHAT_HISTORY_SENT)
      .map(({ id, content, role, timestamp }) => ({ id, content, role, timestamp }));
    setMessages((list) => [...list, question]);
    setDraft("");
    setPending(true);
    try {
      const answer = await api.post<ChatbotResponse>("/api/chatbot", {
        message: question.content,
        conversationHistory: history,
      });
      setMessages((list) => [
        ...list,
        {
          id: nextId(),
          role: "assistant",
          content: answer.response,
          timestamp: new Date().toISOString(),
          links: screenLinks(answer.sources),
        },
      ]);
    } catch (error) {
      // a refusal of the rate limit says why and when to try again; other failures get the spec's Chat Error
      const failure = chatFailure(error);
      if (failure.toast) toast({ ...failure.toast, variant: "destructive", error });
      setMessages((list) => [
        ...list,
        { id: nextId(), role: "assistant", content: failure.reply, timestamp: new Date().toISOString() },
      ]);
    } finally {
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter makes a new line
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  if (panel === "minimised") {
    // (never while it holds the focus: a keyboard user would lose their place)
    if (!corner.shown && !pillRef.current?.contains(document.activeElement)) return null;
    return (
      <div
        ref={pillRef}
        data-assistant-launcher=""
        className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full border border-line bg-white py-1.5 pr-1.5 pl-4 shadow-lg sm:right-6 sm:bottom-6"
        style={corner.lift ? { transform: `translateY(-${corner.lift}px)` } : undefined}
      >
        <span className="text-sm font-semibold text-ink">StoryLoom Assistant</span>
        <button
          ref={restoreRef}
          type="button"
          onClick={() => setPanel("open")}
          className="rounded-full p-2 text-slate-600 hover:bg-slate-100"
          aria-label="Restore the assistant"
        >
          <ChevronUp className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => rememberFocus("closed")}
          className="rounded-full p-2 text-slate-600 hover:bg-slate-100"
          aria-label="Close the assistant"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    );
  }

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed inset-x-2 bottom-2 z-40 flex max-h-[80vh] flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:h-[560px] sm:w-[380px]"
      onKeyDown={(e) => e.key === "Escape" && rememberFocus("minimised")}
    >
      {/* a div, not <header>: inside role="dialog" a header would be a second banner landmark */}
      <div className="flex items-center gap-2 bg-brand-600 px-4 py-3 text-white">
        <h2 id={titleId} className="font-semibold">
          StoryLoom Assistant
        </h2>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-bold text-brand-700">AI</span>
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            onClick={() => rememberFocus("minimised")}
            className="rounded-md p-1.5 hover:bg-white/15"
            aria-label="Minimise the assistant"
          >
            <Minus className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => rememberFocus("closed")}
            className="rounded-md p-1.5 hover:bg-white/15"
            aria-label="Close the assistant"
          >
            <X className="size-4" aria-hidden />
          </button>
        </span>
      </div>
      <ol
        ref={listRef}
        className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-3 py-4"
        aria-label="Conversation"
        aria-live="polite"
      >
        {messages.map((m) => (
          <li key={m.id} className={cn("flex flex-col", m.role === "user" ? "items-end" : "items-start")}>
            <p
              className={cn(
                "max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line",
                m.role === "user"
                  ? "rounded-br-sm bg-brand-600 text-white"
                  : "rounded-bl-sm border border-line bg-white text-ink",
              )}
            >
              <span className="sr-only">{m.role === "user" ? "You: " : "Assistant: "}</span>
              {m.content}
            </p>
            {m.links && m.links.length > 0 && (
              <span className="mt-1 flex max-w-[85%] flex-wrap gap-1.5">
                {m.links.map((link) => (
                  <Link
                    key={link.path}
                    to={link.path}
                    onClick={() => setPanel("minimised")}
                    className="rounded-full border border-brand-600/30 bg-white px-2.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-600/10"
                  >
                    Open {link.label}
                  </Link>
                ))}
              </span>
            )}
            <time dateTime={m.timestamp} className="mt-1 px-1 text-[11px] text-muted">
              {formatTime(new Date(m.timestamp))}
            </time>
          </li>
        ))}
        {pending && (
          <li className="flex items-start" role="status" aria-label="The assistant is typing">
            <span className="flex gap-1 rounded-2xl rounded-bl-sm border border-line bg-white px-3 py-3">
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  className="size-1.5 animate-bounce rounded-full bg-slate-400"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </span>
          </li>
        )}
      </ol>
      <form onSubmit={(e) => void send(e)} className="border-t border-line bg-white p-3">
        <div className="flex items-end gap-2">
          <label htmlFor={`${titleId}-input`} className="sr-only">
            Your question
          </label>
          <textarea
            id={`${titleId}-input`}
            ref={inputRef}
            rows={1}
            maxLength={CHAT_MESSAGE_MAX}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Ask me anything about the product..."
            className="max-h-28 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <button
            type="submit"
            disabled={pending || draft.trim() === ""}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50"
            aria-label="Send"
          >
            <Send className="size-4" aria-hidden />
          </button>
        </div>
        <p className="mt-2 text-center text-[11px] text-muted">Powered by AI • Answers may vary</p>
      </form>
    </section>
  );
}
