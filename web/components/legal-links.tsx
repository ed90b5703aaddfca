import { Link } from "react-router";
import { cn } from "../lib/cn";

/**
 * The Privacy Policy and Terms of Service links every footer carries. A page that shows them a second time names
 * that list apart (`label`), so each navigation landmark has its own name.
 */
export function LegalLinks({ className, label = "Legal" }: { className?: string; label?: string }) {
  return (
    <nav aria-label={label}>
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
