import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} StoryLoom</p>
        <nav aria-label="Legal">
          <ul className="flex gap-5">
            <li>
              <Link className="rounded hover:text-ink hover:underline" to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-ink hover:underline" to="/terms-of-service">
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
