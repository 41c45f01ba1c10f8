/**
 * The GM's digest of the open turn (the pure `digestFor` fed from the database): per power whether
 * it has ordered (preliminary or Final) and when its last set came; pending extension requests and
 * upcoming absences; how many proposals await votes (a number only, D.IX(2)) and which of them hold up
 * an early adjudication because not every remaining player has voted (never whose vote); refused messages (the
 * author of refused gray or dark-gray press is never shown, D.X(2)); impersonation alarms (refused
 * for identity, or proxy orders, D.II(3), D.X(6)); the next deadline in GMT and the GM's zone.
 */
import { findExtensions, pendingRequests } from '../../db/extensions.js';
import type { Person } from '../../db/people.js';
import { findPhasePress } from '../../db/press-items.js';
import { findOpenProposals } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import { digestFor, windowOccurrences, type Digest, type DigestPower, type ImpersonationAlarm, type RefusedMessage } from '../../diplomacy/calendar/index.js';
import type { Power } from '../../diplomacy/index.js';
import { orderStatus, type CalendarFacts } from './calendar-facts.js';
import { formatGmt } from '../../rules/calendar/format-deadline.js';

/** Whether a refused message's reason marks a possible impersonation (D.X(6)) or proxy orders (D.II(3)). Pure. */
export function isAlarm(reason: string | null): boolean {
  return reason !== null && (reason.startsWith('identity:') || reason.startsWith('proxy'));
}

/** A mail of the game the judge could not deliver. */
export interface UndeliveredMail {
  readonly at: string;
  readonly to: string;
  readonly subject: string;
  readonly error: string;
}

/**
 * The digest of the open turn for `gm`, as of `now`; `undeliveredIds` are the outbox rows of
 * `undelivered`, to be marked reported once the digest is queued.
 */
export async function buildDigest(db: Db, facts: CalendarFacts, gm: Person | undefined, now: Date): Promise<Digest & { readonly undelivered: readonly UndeliveredMail[]; readonly undeliveredIds: readonly number[] }> {
  const { game, phase } = facts;
  const since = facts.lastPublication;
  const extensions = await findExtensions(db, game.id);
  const pending = pendingRequests(extensions);
  const powers: DigestPower[] = facts.powers.map((power) => {
    const status = facts.statuses.find((s) => s.power === power);
    const holder = facts.acting.get(power);
    const absences = facts.storedWindows
      .filter((w) => w.personId === holder?.id)
      .flatMap((w) => windowOccurrences({ power: w.power, zone: w.zone, startDay: w.startDay, startTime: w.startTime, endDay: w.endDay, endTime: w.endTime }, now.getTime(), phase.deadline.getTime()))
      .map((i) => ({ from: new Date(i.start), to: new Date(i.end), note: `weekly window` }));
    return {
      power,
      status: orderStatus(facts, power),
      cd: facts.civilDisorder.has(power),
      ...(status ? { lastSetAt: status.receivedAt } : {}),
      extensionRequests: pending.filter((r) => r.power === power).map((r) => ({ at: r.requestedAt, hours: r.hoursRequested, pending: true })),
      absences,
    };
  });

  const decisions = await db
    .selectFrom('inbound_decisions')
    .select(['decided_at', 'from_address', 'outcome', 'reason', 'power'])
    .where('game_id', '=', game.id)
    .where('outcome', 'in', ['refused', 'late', 'quarantined'])
    .where('decided_at', '>=', since)
    .orderBy('decided_at')
    .execute();
  const refused: RefusedMessage[] = [];
  const alarms: ImpersonationAlarm[] = [];
  for (const d of decisions) {
    if (isAlarm(d.reason)) {
      alarms.push({ at: d.decided_at, from: d.from_address ?? '(unknown)', ...(d.power ? { claimedPower: d.power as Power } : {}), detail: d.reason ?? '' });
    } else {
      const reason = d.outcome === 'late' ? `late: ${d.reason ?? ''}` : d.outcome === 'quarantined' ? `quarantined, not read: ${d.reason ?? ''}` : d.reason ?? 'refused';
      refused.push({ at: d.decided_at, kind: d.outcome === 'late' ? 'orders' : 'other', ...(d.from_address ? { from: d.from_address } : {}), reason });
    }
  }
  for (const p of await findPhasePress(db, game.id, phase.name)) {
    if (p.accepted) continue;
    const from = facts.acting.get(p.authorPower)?.email;
    // digestFor drops the sender of refused press that is not white (D.X(2)).
    refused.push({ at: p.receivedAt, kind: 'press', pressKind: p.kind, ...(from ? { from } : {}), reason: p.refusal ?? 'refused' });
  }
  for (const e of extensions) {
    if (e.decision !== 'refused' || e.phase !== phase.name || e.power === null) continue;
    refused.push({ at: e.requestedAt, kind: 'extension', from: e.power, reason: e.reason });
  }
  refused.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Mail the smarthost refused for good or that failed every attempt (send-mail.ts), not yet named in
  // a digest (issue 25: a reported-at column, not a time window, so none is missed and none repeated):
  // the player never got it, and the GM is the one who can reach them another way. The caller marks
  // them reported (markFailuresReported) in the transaction that queues the digest.
  const failedMail = await db.selectFrom('outbox').select(['id', 'created_at', 'to_address', 'subject', 'last_error'])
    .where('game_id', '=', game.id).where('status', '=', 'failed').where('gm_reported_at', 'is', null).orderBy('id').execute();
  const undelivered = failedMail.map((m) => ({ at: formatGmt(m.created_at), to: m.to_address, subject: m.subject, error: m.last_error ?? '' }));
  const undeliveredIds = failedMail.map((m) => m.id);

  return { undelivered, undeliveredIds, ...digestFor({
    phase: phase.stateBefore.phase,
    now,
    nextDeadline: phase.deadline,
    ...(gm ? { zone: gm.timeZone } : {}),
    powers,
    votesPending: (await findOpenProposals(db, game.id)).length,
    votesOutstanding: facts.votesOutstanding,
    refused,
    alarms,
  }) };
}
