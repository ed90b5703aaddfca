import type { PublicUser } from "../../../schema/api/auth";
import type { UserRow } from "../../data/users";

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
    hasPassword: user.passwordHash !== null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
