import { z } from "zod";

/** Spec §5: a site label of letters, digits or hyphens, starting with a letter or digit, then `.atlassian.net`. */
export const JIRA_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}\.atlassian\.net$/;
export const JIRA_DOMAIN_FORMAT = "your-site.atlassian.net";

/** The JIRA Cloud site, exactly as the wizard asks for it (no scheme, port, path or user). */
export const jiraDomainSchema = z
  .string({ message: "Domain is required" })
  .trim()
  .toLowerCase()
  .min(1, "Domain is required")
  .regex(JIRA_DOMAIN_PATTERN, `Invalid domain format. Use format: ${JIRA_DOMAIN_FORMAT}`);
