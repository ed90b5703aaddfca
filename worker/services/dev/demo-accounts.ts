// No imports: scripts/dev.ts (plain Node) reads this file too.

/** The accounts `npm run dev` creates. Local development only: the route that calls this is 404 in production. */
export const DEMO_ACCOUNTS = [
  {
    username: "demo",
    email: "demo@storyloom.dev",
    password: "storyloom-demo-2026",
    firstName: "Demo",
    lastName: "User",
    isAdmin: false,
  },
  {
    username: "admin",
    email: "admin@storyloom.dev",
    password: "storyloom-admin-2026",
    firstName: "Platform",
    lastName: "Admin",
    isAdmin: true,
  },
] as const;
