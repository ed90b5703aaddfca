// The palette on its own, without zod: screens that only colour a project (the dashboard, history) import this, so
// their first download does not carry the validation library.

/** docs/product-spec.md §9: the project colour palette; the first is the default. */
export const PROJECT_COLORS = [
  "#3B82F6",
  "#EF4444",
  "#10B981",
  "#F59E0B",
  "#8B5CF6",
  "#F97316",
  "#06B6D4",
  "#84CC16",
] as const;
export const DEFAULT_PROJECT_COLOR = PROJECT_COLORS[0];
