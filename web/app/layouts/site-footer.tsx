import { Copyright } from "../../components/copyright";
import { LegalLinks } from "../../components/legal-links";

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <Copyright />
        </p>
        <LegalLinks />
      </div>
    </footer>
  );
}
