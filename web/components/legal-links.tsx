import { Link } from "react-router";
import { cn } from "../lib/cn";

/** The Privacy Policy and Terms of Service links every footer carries. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal">
      <ul className={cn("flex gap-5", className)}>
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
  );
}
