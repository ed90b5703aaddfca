import { Bot, MessageSquare, RefreshCw, SearchX, UserRound } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import type { AdminConversation } from "../../../../schema/api/admin";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SkeletonList } from "../../../components/ui/skeleton";
import { toast, toastError, useErrorToast } from "../../../components/ui/toast";
import { formatDateTime, plural } from "../../../lib/format";
import { refreshConversations, useAdminConversations } from "../api";
import { formatShortDateTime } from "../format";
import { useSearchPaging } from "../use-search-paging";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";

/** docs/product-spec.md §2: longer messages are cut here, with a toggle to read them whole. */
export const TRUNCATE_AT = 150;

/**
 * docs/product-spec.md §2 Admin dashboard, Chatbot Logs tab: Refresh, a search with its results count, a scrollable list of
 * conversations and paging. The page on screen is refetched every 30 s (docs/product-spec.md §7).
 */
export function ConversationsTab() {
  const { search, setSearch, needle, page, setPage } = useSearchPaging();
  const { data, error, isLoading, mutate, key } = useAdminConversations({ page, search: needle });
  const [refreshing, setRefreshing] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  useErrorToast(error, "Error", "Failed to load chatbot conversations.");

  async function refresh() {
    if (!key || refreshing) return;
    setRefreshing(true);
    try {
      await refreshConversations(key);
      toast({ title: "Refreshed", description: "Chatbot conversations updated", variant: "success" });
    } catch (refreshError) {
      toastError("Error", refreshError, "Failed to refresh chatbot conversations.");
    } finally {
      setRefreshing(false);
    }
  }

  function changePage(next: number) {
    setPage(next);
    listRef.current?.scrollTo({ top: 0 });
  }

  let body: ReactNode;
  if (!data && error) body = <LoadError what="the chatbot conversations" onRetry={() => void mutate()} />;
  else if (!data) body = <ConversationsSkeleton />;
  else if (data.data.length === 0) {
    body = needle ? (
      <EmptyState icon={SearchX} title="No conversations match your search" headingLevel={3} className="border-0" />
    ) : (
      <EmptyState icon={MessageSquare} title="No chatbot conversations yet" headingLevel={3} className="border-0" />
    );
  } else {
    body = (
      <ul className="grid gap-3" aria-label="Chatbot conversations">
        {data.data.map((conversation) => (
          <li key={conversation.id}>
            <ConversationEntry conversation={conversation} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="admin-conversations-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="admin-conversations-heading" className="text-lg font-semibold text-ink">
            Chatbot Conversations
          </h2>
          {data && (
            <Badge variant="secondary" aria-live="polite">
              {plural(data.pagination.total, "result")}
            </Badge>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void refresh()}
          aria-disabled={refreshing || !key || undefined}
        >
          <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden />
          Refresh
        </Button>
      </div>
      <SearchBox
        value={search}
        onChange={setSearch}
        label="Search conversations"
        placeholder="Search conversations..."
        maxLength={200}
        className="sm:max-w-md"
      />
      <Card className="overflow-hidden">
        <div
          ref={listRef}
          role="region"
          aria-label="Conversation log"
          aria-busy={isLoading || undefined}
          tabIndex={0}
          className="max-h-[min(70vh,48rem)] overflow-y-auto p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:p-4"
        >
          {body}
        </div>
      </Card>
      <Pager
        name="Conversation pages"
        page={page}
        hasMore={data?.pagination.hasMore ?? false}
        loading={isLoading}
        onPageChange={changePage}
        label={`Page ${page} of conversations`}
      />
    </section>
  );
}

function ConversationEntry({ conversation }: { conversation: AdminConversation }) {
  const { username, userMessage, botResponse, ipAddress, userAgent, createdAt } = conversation;
  return (
    <article
      className="rounded-lg border border-line bg-white p-4"
      aria-label={`Conversation with ${username ?? "Anonymous User"}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate font-medium text-ink">{username ?? "Anonymous User"}</span>
          {username ? <Badge variant="success">Authenticated</Badge> : <Badge variant="secondary">Guest</Badge>}
        </div>
        <time dateTime={createdAt} title={formatDateTime(createdAt)} className="text-xs text-muted">
          {formatShortDateTime(createdAt)}
        </time>
      </header>
      <div className="mt-3 grid gap-3">
        <Message
          label="User message"
          icon={<UserRound className="size-3.5" aria-hidden />}
          text={userMessage}
          className="bg-slate-50"
        />
        <Message
          label="Bot response"
          icon={<Bot className="size-3.5" aria-hidden />}
          text={botResponse}
          className="bg-brand-50/60"
        />
      </div>
      {(ipAddress || userAgent) && (
        <dl className="mt-3 grid gap-1 text-xs text-muted">
          {ipAddress && (
            <div className="flex gap-1.5">
              <dt className="font-medium">IP:</dt>
              <dd className="break-all">{ipAddress}</dd>
            </div>
          )}
          {userAgent && (
            <div className="flex gap-1.5">
              <dt className="shrink-0 font-medium">User agent:</dt>
              <dd className="break-all">{userAgent}</dd>
            </div>
          )}
        </dl>
      )}
    </article>
  );
}

function Message({
  label,
  icon,
  text,
  className,
}: {
  label: string;
  icon: ReactNode;
  text: string;
  className: string;
}) {
  return (
    <div className={`rounded-md p-3 ${className}`}>
      <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        {icon}
        {label}
      </p>
      <ExpandableText text={text} />
    </div>
  );
}

/** Text over 150 characters is cut, with a Show more / Show less button (keyboard reachable, aria-expanded). */
export function ExpandableText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > TRUNCATE_AT;
  const shown = long && !expanded ? `${text.slice(0, TRUNCATE_AT).trimEnd()}…` : text;
  return (
    <div>
      <p id={id} className="text-sm break-words whitespace-pre-wrap text-ink">
        {shown}
      </p>
      {long && (
        <Button
          variant="link"
          size="sm"
          className="mt-1 h-auto px-0 py-0.5"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      )}
    </div>
  );
}

function ConversationsSkeleton() {
  return <SkeletonList label="Loading chatbot conversations" text="Loading conversations..." rowClassName="h-32" />;
}
