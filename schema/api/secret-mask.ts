/**
 * What anyone is shown of a stored secret (an integration's API token): its last four characters at most, and none
 * of a short one. The one rule for the API's answers (worker/services/integrations) and the JIRA wizard's review
 * step, which shows the token as the API will. No zod here: the wizard's bundle stays small.
 */
export function maskSecret(secret: string): string {
  const trimmed = secret.trim();
  return trimmed.length >= 12 ? `••••${trimmed.slice(-4)}` : "••••";
}
