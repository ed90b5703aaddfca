/**
 * Sign-in attempts, as pure functions over one key's state (an account, an unknown name, or an address). The
 * RateLimiter Durable Object stores this state per key and runs these functions one call at a time, so checking and
 * counting an attempt is a single atomic step: a parallel burst cannot slip guesses past the limit.
 *
 * - An attempt is reserved (counted as a failure) before the password is checked; a success gives it back.
 * - After `freeFailures`, each further attempt must wait a growing delay since the last one (back-off).
 * - At `maxFailures` the key is blocked for `blockMs`, except for the addresses that signed in successfully within
 *   `trustMs` (the owner's usual address keeps working during an attack), which get a second, equal allowance.
 */
export interface AttemptPolicy {
  windowMs: number;
  freeFailures: number;
  maxFailures: number;
  /** The first back-off delay; it doubles with each further failure. */
  backoffMs: number;
  blockMs: number;
  /** How long a successful sign-in keeps its address trusted; 0: no trusted addresses (per-address keys). */
  trustMs: number;
}

export interface AttemptState {
  failures: number;
  windowStart: number;
  lastAttemptAt: number;
  blockedUntil: number;
  /** Failures from trusted addresses, limited separately so a trusted network cannot guess forever either. */
  trustedFailures: number;
  /** Address → last successful sign-in (ms). At most MAX_TRUSTED, most recent kept. */
  trusted: Record<string, number>;
}

export interface AttemptResult {
  allowed: boolean;
  /** Milliseconds until another attempt can be made; 0 when allowed. */
  retryAfterMs: number;
  /** The address signed in to this key within the trust period (it is counted against the trusted allowance). */
  trusted: boolean;
}

const MAX_TRUSTED = 5;

function fresh(now: number): AttemptState {
  return { failures: 0, windowStart: now, lastAttemptAt: 0, blockedUntil: 0, trustedFailures: 0, trusted: {} };
}

function current(stored: AttemptState | undefined, policy: AttemptPolicy, now: number): AttemptState {
  if (!stored) return fresh(now);
  const state = { ...stored, trusted: { ...stored.trusted } };
  if (state.blockedUntil <= now && now - state.windowStart >= policy.windowMs) {
    Object.assign(state, { failures: 0, trustedFailures: 0, windowStart: now, blockedUntil: 0 });
  }
  for (const [address, at] of Object.entries(state.trusted))
    if (now - at >= policy.trustMs) delete state.trusted[address];
  return state;
}

function isTrusted(state: AttemptState, address: string): boolean {
  return address in state.trusted;
}

/** Reserves one attempt from `address`, or refuses it with the time to wait. */
export function reserveAttempt(
  stored: AttemptState | undefined,
  policy: AttemptPolicy,
  address: string,
  now: number,
): { result: AttemptResult; state: AttemptState } {
  const state = current(stored, policy, now);
  const trusted = isTrusted(state, address);
  const deny = (until: number) => ({
    result: { allowed: false, retryAfterMs: Math.max(1, until - now), trusted },
    state,
  });

  if (trusted) {
    if (state.trustedFailures >= policy.maxFailures) return deny(state.windowStart + policy.windowMs);
    state.trustedFailures += 1;
    return { result: { allowed: true, retryAfterMs: 0, trusted }, state };
  }
  if (state.blockedUntil > now) return deny(state.blockedUntil);
  if (state.failures >= policy.freeFailures) {
    const waitUntil = state.lastAttemptAt + policy.backoffMs * 2 ** (state.failures - policy.freeFailures);
    if (now < waitUntil) return deny(waitUntil);
  }
  state.failures += 1;
  state.lastAttemptAt = now;
  if (state.failures >= policy.maxFailures) state.blockedUntil = now + policy.blockMs;
  return { result: { allowed: true, retryAfterMs: 0, trusted }, state };
}

/**
 * The reserved attempt succeeded: it is given back (a block it caused is lifted) and, with a trust period, the
 * address becomes trusted. A failure needs no call: the reservation already counted it.
 */
export function attemptSucceeded(
  stored: AttemptState | undefined,
  policy: AttemptPolicy,
  address: string,
  now: number,
): AttemptState {
  const state = current(stored, policy, now);
  if (isTrusted(state, address)) {
    state.trustedFailures = Math.max(0, state.trustedFailures - 1);
  } else {
    state.failures = Math.max(0, state.failures - 1);
    if (state.failures < policy.maxFailures) state.blockedUntil = 0;
  }
  return remember(state, policy, address, now);
}

/**
 * The address signed in to the key without a reservation (a sign-in pass from the emailed link let it through the
 * limits, services/auth/sign-in-pass.ts): it becomes trusted as after a success; no count changes.
 */
export function trustAddress(
  stored: AttemptState | undefined,
  policy: AttemptPolicy,
  address: string,
  now: number,
): AttemptState {
  return remember(current(stored, policy, now), policy, address, now);
}

function remember(state: AttemptState, policy: AttemptPolicy, address: string, now: number): AttemptState {
  if (policy.trustMs > 0) {
    state.trusted[address] = now;
    const recent = Object.entries(state.trusted)
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_TRUSTED);
    state.trusted = Object.fromEntries(recent);
  }
  return state;
}

/** When the state can be forgotten (the DO's alarm). */
export function attemptStateExpiresAt(state: AttemptState, policy: AttemptPolicy): number {
  const lastTrust = Math.max(0, ...Object.values(state.trusted));
  return Math.max(state.blockedUntil, state.windowStart + policy.windowMs, lastTrust ? lastTrust + policy.trustMs : 0);
}
