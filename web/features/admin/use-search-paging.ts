import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delayMs` (so a search box asks the server once per pause, not per key). */
function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A searchable, paged admin list: what the box holds (`search`), what is asked of the server once typing pauses
 * (`needle`, trimmed) and the page, which goes back to 1 whenever the needle changes.
 */
export function useSearchPaging() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const needle = useDebouncedValue(search.trim());
  const [searched, setSearched] = useState(needle);
  if (searched !== needle) {
    setSearched(needle);
    setPage(1);
  }
  return { search, setSearch, needle, page, setPage };
}
