import { useQuery } from "../../../lib/query";
import { queryKeys } from "../../../lib/query-keys";

/**
 * The activity feed, newest first, at most 20 items (project and transcript writes invalidate it: lib/query.ts);
 * not requested while `wanted` is false.
 */
export function useActivity(wanted = true) {
  return useQuery(wanted ? queryKeys.activity : null);
}
