import type { Deps } from "../../deps";
import { findUserByUsername, insertUser, updateUser } from "../../data/users";
import { hashPassword } from "../../lib/password";
import { DEMO_ACCOUNTS } from "./demo-accounts";

/** Idempotent: creates the demo accounts, or resets their passwords and flags when they exist. */
export async function seedDemoAccounts(deps: Deps) {
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hashPassword(account.password, deps.config.passwordPepper);
    const existing = await findUserByUsername(deps.db, account.username);
    const values = {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      emailVerified: true,
      isAdmin: account.isAdmin,
    };
    if (existing) await updateUser(deps.db, existing.id, values);
    else await insertUser(deps.db, { username: account.username, ...values });
  }
  return DEMO_ACCOUNTS.map(({ username, email, password, isAdmin }) => ({ username, email, password, isAdmin }));
}
