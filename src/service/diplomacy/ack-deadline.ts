/**
 * The deadline an acknowledgement states: read after the message's extension requests were handled,
 * so a player whose extension was just granted (D.VII(5)) is told the new deadline — the one everyone
 * else is told — never the old one.
 */
import { findPhase } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { formatTimeLeft } from '../../diplomacy/calendar/index.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';

/** `{ deadline, timeLeft }` of the acknowledgement: the phase's deadline now, and the time from receipt to it. */
export async function ackDeadline(db: Db, c: { gameId: string; phase: string; zone: string; receivedAt: Date }): Promise<{ deadline: { gmt: string; local?: string }; timeLeft: string | undefined } | Record<string, never>> {
  const phase = await findPhase(db, c.gameId, c.phase);
  if (!phase) return {};
  const ms = phase.deadline.getTime() - c.receivedAt.getTime();
  return { deadline: formatDeadline(phase.deadline, c.zone), timeLeft: ms < 0 ? undefined : formatTimeLeft(ms) };
}
