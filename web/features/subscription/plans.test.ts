import { describe, expect, it } from "vitest";
import type { SubscriptionInfo } from "../../../schema/api/subscription-body";
import { PLANS, periodEndText, planAction, planFor, subscriptionState } from "./plans";

const free: SubscriptionInfo = { tier: "free", status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
const pro: SubscriptionInfo = {
  tier: "pro",
  status: "active",
  currentPeriodEnd: "2026-12-23T10:00:00.000Z",
  cancelAtPeriodEnd: false,
};
const actions = (subscription: SubscriptionInfo, configured = true) =>
  Object.fromEntries(PLANS.map((plan) => [plan.tier, planAction(plan, subscription, configured)]));

describe("plans", () => {
  it("follow the spec's table: £0, £29 and £99 a month", () => {
    expect(PLANS.map((plan) => [plan.name, plan.pricePerMonth])).toEqual([
      ["Free", 0],
      ["Pro", 29],
      ["Enterprise", 99],
    ]);
    expect(
      planFor("free")
        .features.filter((f) => f.included)
        .map((f) => f.text),
    ).toEqual([
      "1 project",
      "5 transcripts per month",
      "1 team member (you)",
      "Quality score and Coverage on every story set",
    ]);
  });

  it("read the subscription as free, active, cancelling or pending", () => {
    expect(subscriptionState(free)).toBe("free");
    expect(subscriptionState({ ...free, status: "canceled" })).toBe("free");
    expect(subscriptionState(pro)).toBe("active");
    expect(subscriptionState({ ...pro, status: "complete" })).toBe("active");
    expect(subscriptionState({ ...pro, cancelAtPeriodEnd: true })).toBe("cancelling");
    expect(subscriptionState({ ...pro, status: "incomplete" })).toBe("pending");
    expect(subscriptionState({ ...pro, status: "past_due" })).toBe("pending");
  });

  it("offer upgrades to a free user, and nothing to buy without card payment", () => {
    expect(actions(free)).toEqual({
      free: { kind: "current" },
      pro: { kind: "subscribe", tier: "pro", label: "Upgrade to Pro" },
      enterprise: { kind: "subscribe", tier: "enterprise", label: "Upgrade to Enterprise" },
    });
    expect(actions(free, false)).toEqual({
      free: { kind: "current" },
      pro: { kind: "unavailable", label: "Upgrade to Pro" },
      enterprise: { kind: "unavailable", label: "Upgrade to Enterprise" },
    });
  });

  it("change an active plan to the other paid tier, and go back to Free by cancelling", () => {
    expect(actions(pro)).toEqual({
      free: { kind: "cancel", label: "Switch to Free" },
      pro: { kind: "current" },
      enterprise: { kind: "change", tier: "enterprise", label: "Switch to Enterprise" },
    });
    expect(actions({ ...pro, tier: "enterprise" }).pro).toEqual({
      kind: "change",
      tier: "pro",
      label: "Switch to Pro",
    });
    // Already cancelled: Free comes by itself at the period end.
    expect(actions({ ...pro, cancelAtPeriodEnd: true }).free).toEqual({
      kind: "scheduled",
      label: "Starts Dec 23, 2026",
    });
    // An admin-set plan without card payment here: nothing to cancel or change.
    expect(actions(pro, false).free).toEqual({ kind: "none" });
  });

  it("treat a pending plan's other tier as a new purchase (the server replaces the unpaid one)", () => {
    const pending = { ...pro, status: "incomplete" };
    expect(actions(pending)).toEqual({
      free: { kind: "none" },
      pro: { kind: "current" },
      enterprise: { kind: "subscribe", tier: "enterprise", label: "Switch to Enterprise" },
    });
  });

  it("say when the period ends, or that it ends with the billing period", () => {
    expect(periodEndText(pro)).toBe("Dec 23, 2026");
    expect(periodEndText(free)).toBe("the end of the billing period");
  });
});
