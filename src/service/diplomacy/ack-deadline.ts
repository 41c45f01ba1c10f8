/**
 * The deadline an acknowledgement states: read after the message's extension requests were handled,
 * so a player whose extension was just granted (D.VII(5)) is told the new deadline — the one everyone
 * else is told — never the old one.
 */
import { findPhase, type PhaseRecord } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { formatTimeLeft } from '../../diplomacy/calendar/index.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';

/** `{ deadline, timeLeft }` of the acknowledgement: the phase's deadline now, and the time from receipt to it. */
export async function ackDeadline(db: Db, c: { gameId: string; phase: string; zone: string; receivedAt: Date; current?: PhaseRecord }): Promise<{ deadline: { gmt: string; local?: string }; timeLeft: string | undefined } | Record<string, never>> {
  // `current`: the phase as the caller read it after the message's requests were handled (issue 29).
  const phase = c.current?.gameId === c.gameId && c.current.name === c.phase ? c.current : await findPhase(db, c.gameId, c.phase);
  if (!phase) return {};
  const ms = phase.deadline.getTime() - c.receivedAt.getTime();
  return { deadline: formatDeadline(phase.deadline, c.zone), timeLeft: ms < 0 ? undefined : formatTimeLeft(ms) };
}
