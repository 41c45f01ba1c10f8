/**
 * On time or late (D.VII(1), D.VII(3)). A deadline is an instant in UTC (D.VII(4)(b): GMT is the
 * definitive deadline), so daylight-saving changes in anyone's zone never move it. Receipt times are
 * the judge's own (see {@link countedReceipt}), never the sender's `Date:` header. Pure.
 */

/**
 * The precision at which a game states its deadline. `second` (default): IMAP INTERNALDATE has
 * whole seconds, so comparing at the second makes a copy read over IMAP and the same copy timed by
 * the SMTP listener (milliseconds) agree. `minute`: the Coalition lock, "5:00 is in, 5:01 is out".
 */
export type TimeResolution = 'second' | 'minute';

const UNIT_MS: Record<TimeResolution, number> = { second: 1_000, minute: 60_000 };

/** The instant truncated to the resolution (UTC, so no zone can shift it). */
function tick(t: Date, resolution: TimeResolution): number {
  return Math.floor(t.getTime() / UNIT_MS[resolution]);
}

/**
 * D.VII(1): a message is on time when it was received at or before the deadline, both read at the
 * game's resolution: with `minute`, anything stamped within the deadline's minute is in (`05:00:59`
 * in, `05:01:00` out). An invalid date is never on time.
 */
export function isOnTime(receivedAt: Date, deadline: Date, resolution: TimeResolution = 'second'): boolean {
  return tick(receivedAt, resolution) <= tick(deadline, resolution);
}

/** D.VII(3): refuse late orders (default), or the alternative rule the GM may state at the outset. */
export type LatePolicy = 'refuse' | 'accept-until-adjudication';

export type LateDecision =
  | { readonly accept: true; readonly late: false; readonly rule: 'D.VII(1)' }
  | { readonly accept: true; readonly late: true; readonly rule: 'D.VII(3) alternative' }
  | { readonly accept: false; readonly code: 'late' | 'adjudication-started'; readonly rule: 'D.VII(3)' | 'D.VII(3) alternative'; readonly reason: string };

/**
 * Whether orders received at `receivedAt` are accepted. On time (D.VII(1)) → accepted. Late → refused
 * under D.VII(3) ("Orders will not be accepted after the deadline"); under the alternative rule
 * ("Orders will be accepted until the start of adjudication") accepted when adjudication has not
 * started or started no earlier than the message arrived (the same instant counts, as in
 * `effectiveOrders`), else refused. `reason` is player-facing.
 */
export function lateDecision(
  receivedAt: Date,
  deadline: Date,
  policy: LatePolicy,
  adjudicationStartedAt: Date | undefined,
  resolution: TimeResolution = 'second',
): LateDecision {
  if (isOnTime(receivedAt, deadline, resolution)) return { accept: true, late: false, rule: 'D.VII(1)' };
  if (policy === 'refuse') {
    return { accept: false, code: 'late', rule: 'D.VII(3)', reason: 'it arrived after the deadline, and orders are not accepted after the deadline in this game (D.VII(3))' };
  }
  if (adjudicationStartedAt === undefined || isOnTime(receivedAt, adjudicationStartedAt, resolution)) {
    return { accept: true, late: true, rule: 'D.VII(3) alternative' };
  }
  return {
    accept: false,
    code: 'adjudication-started',
    rule: 'D.VII(3) alternative',
    reason: 'it arrived after the deadline and after adjudication had started; this game accepts late orders only until adjudication starts (D.VII(3))',
  };
}
