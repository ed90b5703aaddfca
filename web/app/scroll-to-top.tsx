import { useEffect } from "react";
import { useLocation } from "react-router";

/** New pages start at the top; in-page anchors (#pricing) keep the browser's own scrolling. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
