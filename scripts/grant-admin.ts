// `npm run admin:grant -- <email> [--remote]`: makes the verified account with this email a platform admin.
// The documented way to name the first admin (docs/product-decisions.md): an admin is granted by someone who can run
// wrangler against the database, never by an address in configuration that a sign-up could claim first.
// Without --remote it changes the local development database (`npm run dev`).
import { spawnSync } from "node:child_process";
import { bin, ROOT, TOOL_ENV } from "./lib.ts";

const [email, ...flags] = process.argv.slice(2);
// A strict pattern, so the address can go into the SQL text safely (wrangler's --command takes no parameters).
if (!email || !/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email.toLowerCase())) {
  console.error("Usage: npm run admin:grant -- <email> [--remote]");
  process.exit(2);
}
const target = flags.includes("--remote") ? "--remote" : "--local";
const sql = `UPDATE users SET is_admin = 1 WHERE email = '${email.toLowerCase()}' AND email_verified = 1 RETURNING id, email`;
const result = spawnSync(bin("wrangler"), ["d1", "execute", "DB", target, "--json", "--command", sql], {
  cwd: ROOT,
  env: TOOL_ENV,
  encoding: "utf8",
});
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const rows = (JSON.parse(result.stdout) as Array<{ results: unknown[] }>)[0]?.results ?? [];
if (rows.length === 0) {
  console.error(`No verified account uses ${email}: sign up and verify the address first.`);
  process.exit(1);
}
console.log(`${email} is now a platform admin (${target.slice(2)} database).`);
