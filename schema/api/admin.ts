import { z } from "zod";
import type { Tier } from "./subscription";

// Platform admin (docs/product-spec.md §2 Admin dashboard, §3 Admin analytics and user record, §6, §7 admin calls).

/** GET /api/admin/analytics → { success, data }. Counts as of now (UTC days, Monday-start weeks, calendar months). */
export interface AdminAnalytics {
  totalUsers: number;
  newUsersThisMonth: number;
  newUsersThisWeek: number;
  newUsersToday: number;
  /** Subscriptions paid through Stripe and active. */
  activeSubscriptions: number;
  /** Monthly revenue actually paid: paid pro × £29 + paid enterprise × £99 (prices from PLAN_LIMITS). */
  totalRevenue: number;
  usersByTier: Record<Tier, number>;
  revenueAnalytics: {
    actualMonthlyRevenue: number;
    grantedMonthlyValue: number;
    paidProUsers: number;
    paidEnterpriseUsers: number;
    adminGrantedProUsers: number;
    adminGrantedEnterpriseUsers: number;
  };
}

/** One row of GET /api/admin/users. */
export interface AdminUser {
  id: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  isAdmin: boolean;
  subscriptionTier: Tier;
  /** Stripe's status, "complete" for granted tiers, or "inactive" when the user never had a subscription. */
  subscriptionStatus: string;
  /** "stripe" when paid through Stripe, "manual" when granted, null for none. */
  subscriptionSource: "stripe" | "manual" | null;
  createdAt: string;
}

/** GET /api/admin/users?page=1&limit=50&search= → { success, data, pagination }. */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});

/** GET /api/admin/chatbot-conversations?page=1&limit=20&search= → { success, data, pagination }. */
export const adminConversationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});

export interface Pagination {
  page: number;
  limit: number;
  hasMore: boolean;
  /** Matches of the search (or all rows), for the results-count badge. */
  total: number;
}

export interface AdminConversation {
  id: number;
  /** null for a guest. */
  username: string | null;
  userMessage: string;
  botResponse: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** POST /api/admin/update-subscription/{userId} body. */
export const adminTierSchema = z.object({
  tier: z.enum(["free", "pro", "enterprise"], { message: "The tier must be free, pro or enterprise." }),
});

/** POST /api/admin/update-subscription/{userId} and make-admin answers: { success, message } (docs/product-spec.md §7: message shown). */
export interface AdminActionResult {
  success: true;
  message: string;
}
