/**
 * Local development only: wraps the D1 binding to count the SQL statements a request prepares, so the benchmark
 * can report queries per request (the `X-D1-Statements` response header). Production uses the binding as it is.
 */
export interface CountedD1 {
  db: D1Database;
  count: () => number;
}

export function countStatements(d1: D1Database): CountedD1 {
  let statements = 0;
  const db = new Proxy(d1, {
    get(target, property, receiver) {
      if (property === "prepare") {
        return (query: string) => {
          statements += 1;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, count: () => statements };
}
