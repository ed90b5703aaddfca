/**
 * Settles like `work`, unless `ms` pass first: then rejects with `onTimeout()`. The work itself keeps running (a
 * promise cannot be cancelled); its late result is ignored.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
