import * as z from "zod";
import { TIERS } from "./subscription";

// Platform admin (docs/product-spec.md §2 Admin dashboard, §3 Admin analytics and user record, §6, §7 admin calls).

const tierSchema = z.enum(TIERS);

/** GET /api/admin/analytics → { success, data }. Counts as of now (UTC days, Monday-start weeks, calendar months). */
export const adminAnalyticsSchema = z.object({
  totalUsers: z.number().int(),
  newUsersThisMonth: z.number().int(),
  newUsersThisWeek: z.number().int(),
  newUsersToday: z.number().int(),
  activeSubscriptions: z.number().int().describe("Subscriptions paid through Stripe and active."),
  totalRevenue: z
    .number()
    .describe("Monthly revenue actually paid: paid pro × £29 + paid enterprise × £99 (prices from PLAN_LIMITS)."),
  usersByTier: z.object({ free: z.number().int(), pro: z.number().int(), enterprise: z.number().int() }),
  revenueAnalytics: z.object({
    actualMonthlyRevenue: z.number(),
    grantedMonthlyValue: z.number().describe("What the tiers admins granted would pay a month."),
    paidProUsers: z.number().int(),
    paidEnterpriseUsers: z.number().int(),
    adminGrantedProUsers: z.number().int(),
    adminGrantedEnterpriseUsers: z.number().int(),
  }),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

/** One row of GET /api/admin/users. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  subscriptionTier: tierSchema,
  subscriptionStatus: z
    .string()
    .describe('Stripe\'s status, "complete" for granted tiers, or "inactive" when the user never had a subscription.'),
  subscriptionSource: z
    .enum(["stripe", "manual"])
    .nullable()
    .describe('"stripe" when paid through Stripe, "manual" when granted, null for none.'),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

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

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int().describe("Matches of the search (or all rows), for the results-count badge."),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const adminConversationSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable().describe("null for a guest."),
  userMessage: z.string(),
  botResponse: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** A page of an admin list: `{ success, data, pagination }`. */
export const adminPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ success: z.literal(true), data: z.array(row), pagination: paginationSchema });

/** POST /api/admin/update-subscription/{userId} body. */
export const adminTierSchema = z.object({
  tier: z.enum(TIERS, { message: "The tier must be free, pro or enterprise." }),
});

/** POST /api/admin/update-subscription/{userId} and make-admin answers: { success, message } (docs/product-spec.md §7: message shown). */
export const adminActionResultSchema = z.object({
  success: z.literal(true),
  message: z.string().describe("What was done, in words to show."),
});
export type AdminActionResult = z.infer<typeof adminActionResultSchema>;
