import * as z from "zod";
import { PLAN_LIMITS, TIERS, type Tier } from "./subscription";

// What the billing and subscription calls answer. Apart from subscription.ts, which the SPA's app shell imports for
// its plans and statuses: this file brings zod with it, and the SPA only takes its types.

export const subscriptionInfoSchema = z.object({
  tier: z.enum(TIERS),
  status: z.string().nullable().describe("Stripe's status of the subscription; null while the user never subscribed."),
  currentPeriodEnd: z.string().nullable().describe("When the paid period ends, if there is one."),
  cancelAtPeriodEnd: z.boolean().describe("Cancelled: access lasts until currentPeriodEnd, then the plan is free."),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** GET /api/subscription/payment-config: whether card payment works here, and the Payment Element's key. */
export const paymentConfigSchema = z.object({
  configured: z.boolean().describe("Card payment through Stripe is set up on this deployment."),
  publishableKey: z.string().nullable().describe("Stripe's publishable key for the Payment Element."),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST /api/create-subscription: the secret the Payment Element confirms, or null when no payment is due now. */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z
    .string()
    .nullable()
    .describe("The open invoice's secret for the Payment Element to confirm; null when nothing is due now."),
  status: z.string().describe("Stripe's status of the subscription."),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const confirmPaymentResponseSchema = z.object({
  status: z.string().nullable().describe("Stripe's status of the subscription, as just read; null for none."),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

/** POST /api/cancel-subscription. */
export const cancelSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  currentPeriodEnd: z.string().nullable().describe("Access to the paid plan lasts until then."),
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

export const retryPaymentResponseSchema = z.object({
  requiresPayment: z.boolean().describe("A payment is to be confirmed with clientSecret."),
  clientSecret: z.string().nullable(),
  status: z.string().nullable().describe("Stripe's status of the subscription."),
  message: z.string().describe("What happens next, in words to show."),
});
export type RetryPaymentResponse = z.infer<typeof retryPaymentResponseSchema>;

export const planLimitsSchema = z.object({
  projects: z.number().int().nullable().describe("Projects the account may own; null means unlimited."),
  transcriptsPerMonth: z.number().int().nullable().describe("Generations a calendar month; null means unlimited."),
  teamMembers: z.number().int().describe("Seats in the account's team, the owner's included."),
  audioTranscription: z.boolean(),
  integrations: z.boolean().describe("JIRA and Notion."),
  priceGbpPerMonth: z.number(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;
// The plans themselves (subscription.ts) hold to this shape: a field missing or of another type fails to compile.
void (PLAN_LIMITS satisfies Record<Tier, PlanLimits>);

/** What the account has used of its plan, so the SPA can say "n of 5 used" before the work instead of after. */
export const planUsageSchema = z.object({
  transcriptsThisMonth: z
    .number()
    .int()
    .describe("Generations counted this calendar month (UTC), as the server's allowance counts them."),
  projects: z.number().int().describe("Projects the account owns."),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

export const subscriptionLimitsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ tier: z.enum(TIERS), limits: planLimitsSchema, usage: planUsageSchema }),
});
export type SubscriptionLimitsResponse = z.infer<typeof subscriptionLimitsResponseSchema>;

/** POST /api/stripe/webhook: Stripe's delivery was verified (handled or not, so Stripe stops retrying). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
