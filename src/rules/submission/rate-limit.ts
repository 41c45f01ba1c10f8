/**
 * The per-sender cap on the judge's answers: a loop guard behind the RFC 3834 checks (DESIGN
 * "Reliability and security principles": nothing the judge sends can start a mail loop), and a brake
 * on a forged sender making the judge mail a victim. Pure: the caller passes the times of the replies
 * already sent to this sender and `now`.
 */

/** The sliding window the cap is counted over. */
export const RATE_LIMIT_WINDOW_MS = 3_600_000;

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** When the next answer will be allowed (absent when allowed, or never: `perHour` ≤ 0). */
  readonly retryAfter?: Date;
}

/**
 * At most `perHour` answers to one sender in any sliding hour: the replies sent in `(now − 1 h, now]`
 * (and any stamped after `now`, by clock skew) are counted; below the cap → allowed. Otherwise
 * `retryAfter` is when enough of them leave the window for one more.
 */
export function rateLimit(previousRepliesToSender: readonly Date[], now: Date, options: { readonly perHour: number; readonly windowMs?: number }): RateLimitDecision {
  const { perHour } = options;
  const windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  if (!(perHour >= 1)) return { allowed: false };
  const from = now.getTime() - windowMs;
  const inWindow = previousRepliesToSender
    .map((d) => d.getTime())
    .filter((t) => t > from)
    .sort((a, b) => a - b);
  if (inWindow.length < perHour) return { allowed: true };
  // One more is allowed once all but perHour − 1 of them have left the window.
  const mustExpire = inWindow[inWindow.length - perHour]!;
  return { allowed: false, retryAfter: new Date(mustExpire + windowMs) };
}

/**
 * The budgets replies come out of (issue 25), each counted per address apart from the others, so
 * that no one can spend another's: `own` the person's own mail (`perHour` answers in a sliding hour);
 * `identity` refusals of messages that failed the identity check, per claimed address (a forger
 * sending in France's name spends this one, never France's own); `automatic` answers to automatic
 * mail (RFC 3834), one a day per address. Pure.
 */
export type ReplyBudgetName = 'own' | 'identity' | 'automatic';

export interface ReplyBudgetLimits {
  readonly ownPerHour: number;
  readonly identityPerHour: number;
  readonly automaticPerDay: number;
}

/** The cap and window of one budget. */
export function replyBudgetWindow(budget: ReplyBudgetName, limits: ReplyBudgetLimits): { readonly perHour: number; readonly windowMs: number } {
  switch (budget) {
    case 'own': return { perHour: limits.ownPerHour, windowMs: RATE_LIMIT_WINDOW_MS };
    case 'identity': return { perHour: limits.identityPerHour, windowMs: RATE_LIMIT_WINDOW_MS };
    case 'automatic': return { perHour: limits.automaticPerDay, windowMs: 24 * RATE_LIMIT_WINDOW_MS };
  }
}
