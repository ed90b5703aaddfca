import * as z from "zod";
import { PAID_TIERS } from "./subscription";

/** POST /api/create-subscription's body. */
export const createSubscriptionSchema = z.object({
  tier: z.enum(PAID_TIERS, { message: "Choose the Pro or Enterprise plan." }),
});
