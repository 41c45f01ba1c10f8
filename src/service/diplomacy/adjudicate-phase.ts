/**
 * Task `adjudicate-phase`: load → decide (the engine and the calendar rules, pure) → save the result,
 * open the next phase and enqueue every email, all in one transaction (STYLE.md 6.3). Idempotent: a
 * retried or duplicate job finds the game already past the phase and does nothing, so a phase is
 * adjudicated exactly once and each email is enqueued once (outbox dedupe keys).
 *
 * The calendar's part (issue 6), in the order it applies:
 * - an early job (`early: true`) adjudicates only if every power is still Final, 24 hours after the
 *   last publication and outside every window (D.VII(2));
 * - a deadline job that would publish inside a declared window moves itself to the window's end
 *   (D.VII(2): "The GM must not publish … within this period") — the simple reading: the deadline
 *   stands for the orders, the adjudication waits;
 * - Spring 1901 and the Fall 1901 movement phase with a power missing: nothing is adjudicated or
 *   published, the GM and the TD are told and a replacement is sought (D.VII(6)(b)); the phase is
 *   adjudicated once the missing orders are in (the calendar tick or the pipeline re-enqueues it);
 * - the proposals due are tallied (D.IX): a passed draw or concession is published instead of the
 *   adjudication and ends the game; failed ones are announced with it (D.IX(2));
 * - press received during the phase goes into the report (D.X(1)): white under its author's orders,
 *   gray and dark gray in the anonymous section, each reader seeing the press addressed to them;
 * - the next deadline comes from the calendar (`nextDeadline`: the GM's turn length, clear of every
 *   window, not below the minimum without consent), warnings going to the GM (and the TD);
 * - after Fall 1901 each NMR'd power's player, captain and the TD get an NMR notice (D.VII(6)(c)).
 */
import { RULE_PROFILES, adjudicate, formatPhase, type Power } from '../../diplomacy/index.js';
import { appendAudit } from '../../db/audit-log.js';
import { insertReplayEntry, replayEntryInsert, type NewReplayEntry } from '../../db/replay-log.js';
import { log } from '../../config/log.js';
import { pictureOfResults } from '../../diplomacy/picture/index.js';
import { mapLayoutsAsync } from './map-attachment.js';
import type { MapChoice } from '../../db/map-choices.js';
import { findTurnPresence } from '../../db/turn-presence.js';
import type { TurnContext, TurnJob, TurnOutcome } from '../game-kind.js';
import type { Game } from '../../db/games.js';
import { lockGame, updateGameProgress } from '../../db/games.js';
import { findOrderSets, orderSetStatusOf, type OrderSet } from '../../db/order-sets.js';
import { holdersByPower, type PowerHolders } from '../../db/positions.js';
import { outboxKey } from '../../db/outbox.js';
import { findPhasePress } from '../../db/press-items.js';
import { lapsePendingRollback } from './lapse-rollback-request.js';
import { findPhase, insertPhase, markPhasePublished, savePhaseResult, type PhaseRecord } from '../../db/phases.js';
import type { Db, Trx } from '../../db/schema.js';
import { findWithheldPhase, releaseWithheldPhase } from '../../db/withheld-phases.js';
import { buildReportContext, nmrConsequence } from '../../mail/outbound/report-context.js';
import { queueMails } from '../../mail/outbound/queue-mail.js';
import { nextAllowedPublication, nmrAtDeadline, noNmrAllowed, publicationAllowed } from '../../diplomacy/calendar/index.js';
import { isOnTime } from '../../rules/submission/index.js';
import { effectiveOrders, type EffectivePolicy } from '../../diplomacy/effective-orders.js';
import { loadCalendarFacts, type CalendarFacts } from './calendar-facts.js';
import { earlyAt } from './early-adjudication.js';
import { announcementRecipients, distinctPeople, findSeats, findTds, recipientsFrom } from '../game-people.js';
import { mailStandingsIfRoundClosed } from '../tournament/standings-mail.js';
import { nextTurnDeadline } from './next-turn-deadline.js';
import { sendNmrNotices, withholdResults } from './nmr-handling.js';
import { sendNotice, when } from '../notify.js';
import { pressForReader } from './report-press.js';
import { tallyDueProposals, type TalliedProposal } from './tally-proposals.js';
import { adjudicateJobKey, earlyAdjudicateJobKey, enqueueJob, enqueueJobRemoving, removeJob } from '../../db/jobs.js';
import { findOpenProposals } from '../../db/proposals.js';

export { powersWithOrders } from './powers-to-order.js';
export { adjudicateJobKey } from '../../db/jobs.js';

/** The job's payload, context and outcome: those of every game kind (src/service/game-kind.ts). */
export type AdjudicatePayload = TurnJob;
export type TaskContext = TurnContext;
export type AdjudicateOutcome = TurnOutcome;

/**
 * The sets that count (D.VII(1),(3)): received by the deadline, or by the start of adjudication under
 * the alternative rule; while results are withheld (D.VII(6)(b)), also the missing powers' later sets. Pure.
 */
export function countedSets(sets: readonly OrderSet[], c: { deadline: Date; now: Date; policy: EffectivePolicy; lateAllowed: readonly string[] }): OrderSet[] {
  const limit = c.policy.lateOrders === 'accept-until-adjudication' ? c.now : c.deadline;
  // At the whole second, as the intake's lateDecision judged them (IMAP INTERNALDATE has seconds only).
  return sets.filter((s) => isOnTime(s.receivedAt, limit) || (c.lateAllowed.includes(s.power) && isOnTime(s.receivedAt, c.now)));
}

/**
 * B.7: "the player's decision will be final": of a power's sets, once its player of record has sent
 * one, a stand-in's sets of the phase are not used (not even, under D.III(3)'s alternative rule, for
 * the units the player's set leaves out). Pure.
 */
export function playerSetsFirst(sets: readonly OrderSet[], holders: readonly PowerHolders[]): OrderSet[] {
  return sets.filter((s) => {
    const player = holders.find((h) => h.power === s.power)?.ofRecord?.personId;
    return player === undefined || s.personId === player || !sets.some((o) => o.power === s.power && o.personId === player);
  });
}

export async function adjudicatePhaseTask(db: Db, ctx: TaskContext, payload: AdjudicatePayload): Promise<AdjudicateOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<AdjudicateOutcome> => {
    // One instant for the whole run (what it decides, what the replay log records), read under the
    // game's lock: a decision that held the lock first has the earlier instant, so `reproduce`
    // replays the two in the order they happened (found by the rehearsal, issue 30).
    const game = await lockGame(trx, payload.gameId);
    const at = ctx.now();
    const frozen: TaskContext = { ...ctx, now: () => at };
    const o = await adjudicateIn(trx, frozen, payload, game);
    // Logged for `mailjudge reproduce` (replay_log, 0013) with the instant it ran, in the same
    // transaction; a run that found nothing to do changes nothing and is not logged.
    // An adjudicated phase's entry went in with its audit entry, in one statement (issue 29).
    if (o !== 'skipped' && o !== 'adjudicated') await insertReplayEntry(trx, replayEntryOf(payload, at, o));
    return o;
  });
  log().info({ event: 'phase.adjudication', game: payload.gameId, phase: payload.phase, outcome, early: payload.early === true }, `${payload.gameId} ${payload.phase}: ${outcome}`);
  return outcome;
}

/** `game`: the game as its lock read it, in this transaction. */
async function adjudicateIn(trx: Trx, ctx: TaskContext, payload: AdjudicatePayload, game: Game | undefined): Promise<AdjudicateOutcome> {
  if (!game || game.status !== 'active' || game.currentPhase !== payload.phase) return 'skipped';
  // Issue 29: what the calendar facts, the sets' choice, the votes and the reports all need is read
  // once here: the phase's sets (their statuses too), the holdings with their people and the GM, the
  // open proposals (for the votes outstanding and their tally).
  const allSets = await findOrderSets(trx, game.id, payload.phase);
  const seats = await findSeats(trx, game);
  const openProposals = await findOpenProposals(trx, game.id);
  const presence = await findTurnPresence(trx, game.id, payload.phase);
  const facts = await loadCalendarFacts(trx, game, { statuses: orderSetStatusOf(allSets), seats, openProposals, civilDisorder: presence.civilDisorder });
  if (!facts || facts.phase.name !== payload.phase) return 'skipped';
  const record = facts.phase;
  const now = ctx.now();

  if (payload.early) {
    // D.VII(2): still all Final, 24 hours after the last publication, outside every window?
    const at = earlyAt(facts, now);
    if (!at || at.getTime() > now.getTime()) return 'skipped';
  } else if (!publicationAllowed(now, facts.windows)) {
    const at = nextAllowedPublication(now, facts.windows);
    if (at) {
      await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: record.name }, { jobKey: adjudicateJobKey(game.id, record.name), runAt: at, jobKeyMode: 'replace' });
      await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'phase.postpone', detail: { phase: record.name, until: at.toISOString(), rule: 'D.VII(2)' } });
      return 'postponed';
    }
    // No free instant within the search limit: the GM and the TD were warned when the deadline was set.
  }

  const withheld = presence.withheld ? await findWithheldPhase(trx, game.id, record.name, record.generation) : undefined;
  const stillWithheld = withheld !== undefined && withheld.releasedAt === null;
  const holders = holdersByPower(seats.positions);
  const choose = (lateAllowed: readonly Power[]) => {
    const sets = playerSetsFirst(countedSets(allSets, { deadline: record.deadline, now, policy: game.policies, lateAllowed }), holders);
    return effectiveOrders(
      sets.map((s) => ({ id: s.id, power: s.power, receivedAt: s.receivedAt, orders: s.orders, written: writtenOf(s.sheet, s.orders) })),
      facts.powers,
      now,
      now,
      { revisedSets: game.policies.revisedSets, lateOrders: 'refuse' },
    );
  };
  let chosen = choose(stillWithheld ? withheld.missing : []);

  // D.VII(6)(b): no NMR in Spring 1901 or the Fall 1901 movement phase — withhold, replace, wait.
  // A position that has fallen into civil disorder (B.8(f)) no longer holds the game up.
  const phase = record.stateBefore.phase;
  const stillMissing = () => chosen.missing.filter((p) => !facts.civilDisorder.has(p));
  const missingAtDeadline: Power[] = stillWithheld ? [...withheld.missing] : stillMissing();
  if (noNmrAllowed(phase) && !stillWithheld && missingAtDeadline.length > 0) {
    // The withholding is the deadline's: a missing power's set that came in after the deadline but
    // before this job ran (a busy judge) counts as it would had the results been withheld on the
    // second (the intake accepts it, late-set.ts), so a set's fate does not hang on the job's timing.
    chosen = choose(missingAtDeadline);
  }
  const blocking = stillMissing();
  if (noNmrAllowed(phase) && blocking.length > 0) {
    await withholdResults(trx, { game, phase: record, missing: missingAtDeadline, stillMissing: blocking, now, fromAddress: ctx.fromAddress });
    return 'withheld';
  }
  if (stillWithheld) await releaseWithheldPhase(trx, game.id, record.name, record.generation, now);

  // D.IX: the votes due with this deadline.
  const votes = await tallyDueProposals(trx, { gameId: game.id, phase: record.name, deadline: record.deadline, state: record.stateBefore, nmrPowers: phase.kind === 'M' ? chosen.missing : [], now, open: openProposals });
  if (votes.ending) {
    await endByVote(trx, ctx, game, facts, votes.ending, { nmr: chosen.missing, sets: chosen.setIds, votes: votes.results }, now);
    return 'ended';
  }

  // D.VII(6)(c): a power with no orders holds (the engine's default for unordered units).
  const outcome = adjudicate(record.stateBefore, chosen.orders, { rules: RULE_PROFILES[game.ruleProfile], ...(game.endYear ? { endYear: game.endYear } : {}) });
  // Issue 15: the map of the position after the phase, with this phase's orders, drawn once and
  // attached to every report; issue 28: with it, the phone layout of the same picture (`…-phone.png`).
  // Issue 29: drawn off the main thread while the phase's rows are written, awaited where the reports are queued.
  // Issue 29: each reader's MAPS choice (both by default); a layout nobody wants is not drawn.
  const mapName = `${game.id}-${formatPhase(phase)}`;
  const recipients = recipientsFrom(seats, game);
  const choices = presence.mapChoices;
  const choiceOf = (personId: number): MapChoice => choices.get(personId) ?? 'both';
  const wants = (choice: MapChoice, layout: 'wide' | 'phone') => choice === 'both' || choice === layout;
  const want = { wide: recipients.some((r) => wants(choiceOf(r.person.id), 'wide')), phone: recipients.some((r) => wants(choiceOf(r.person.id), 'phone')) };
  const picturesDrawn = mapLayoutsAsync(pictureOfResults(phase, outcome.results, outcome.state, outcome.next), `${mapName}.png`, `map-${mapName}`.toLowerCase(), want);
  picturesDrawn.catch(() => {}); // awaited below; a failure is the transaction's, never an unhandled rejection
  await savePhaseResult(trx, game.id, record.name, {
    stateAfter: outcome.state,
    results: {
      results: outcome.results, next: outcome.next && formatPhase(outcome.next), winner: outcome.winner ?? null, ended: outcome.ended ?? false, nmr: chosen.missing, sets: chosen.setIds,
      votes: votes.results.map((v) => ({ proposal: v.proposalId, result: v.result })),
    },
    adjudicatedAt: now,
    // Issue 29: a game that goes on is published in this statement (nothing before the end of this
    // transaction reads the publication); a game that ends is published after its standings are mailed, as before.
    ...(outcome.next ? { publishedAt: now } : {}),
  });
  const next = outcome.next ? await nextTurnDeadline(trx, game, outcome.next, now, facts) : undefined;
  const deadline = next?.deadline;
  const nextName = outcome.next ? formatPhase(outcome.next) : undefined;
  const opened = outcome.next && deadline ? await insertPhase(trx, { gameId: game.id, state: outcome.state, deadline }) : undefined;
  await updateGameProgress(trx, game.id, { currentPhase: nextName ?? record.name, status: nextName ? 'active' : 'finished' });
  // The round's last game over (B.3): its standings go to every player of the tournament, once.
  if (!nextName) await mailStandingsIfRoundClosed(trx, ctx.fromAddress, game.id, now);

  const nmr = noNmrAllowed(phase) ? undefined : nmrAtDeadline(phase, chosen.missing, facts.civilDisorder);
  if (nmr?.kind === 'adjudicate-with-holds' && nmr.notices.length > 0) {
    await sendNmrNotices(trx, {
      game, phase: record.name, powers: nmr.notices.map((n) => n.power), publishedAt: now, mayOrderRetreats: nmr.mayOrderRetreats,
      ...(nextName ? { next: nextName } : {}), ...(deadline ? { nextDeadline: deadline } : {}), fromAddress: ctx.fromAddress,
      consequences: Object.fromEntries(nmr.notices.map((n) => [n.power, nmrConsequence(phase, n.power, outcome.results)])),
    });
  }

  // One report per recipient: every current holder and the GM, each with the deadline in their zone
  // and the press addressed to them.
  const press = presence.press ? await findPhasePress(trx, game.id, record.name) : [];
  const warnings = next?.warnings ?? [];
  const input = {
    game: { id: game.id, board: game.boardName, address: game.address },
    phase,
    results: outcome.results,
    writtenLines: chosen.writtenLines,
    after: outcome.state,
    next: outcome.next,
    nmr: chosen.missing,
    voteResults: votes.results.map((v) => v.text),
    ...(deadline ? { deadline } : {}),
    ...(outcome.winner ? { winner: outcome.winner } : {}),
    ...(outcome.ended ? { ended: true } : {}),
  };
  // A phase re-adjudicated after a rollback (D.VIII(1)) sends its reports again, under new keys.
  const reportKey = record.generation ? `${record.name}.g${record.generation}` : record.name;
  const layouts = await picturesDrawn;
  // Issue 15: the position's change column counts this game year's gains and losses: against the
  // centres at the start of the year (S<year>M, as the last Winter left them), so a Winter report
  // shows the gains its builds come from. A game that began later in a year counts from its start.
  // Issue 29: in a spring movement phase that is the phase adjudicated, read already.
  const springName = `S${phase.year}M`;
  const spring = springName === record.name ? record : await findPhase(trx, game.id, springName);
  const yearStart = spring && !spring.supersededAt ? spring.stateBefore.centers : record.stateBefore.centers;
  // Issue 29: the reports queued together (one INSERT, one send job; a text two readers share rendered once).
  await queueMails(trx, ctx.fromAddress, recipients.map((r) => {
    const gm = r.person.id === game.gmPersonId;
    const choice = choiceOf(r.person.id);
    const wide = wants(choice, 'wide') ? layouts.wide : undefined;
    const phone = wants(choice, 'phone') ? layouts.phone : undefined;
    const view = pressForReader(press, game.policies.pressRule, { powers: r.powers, gm });
    return {
      dedupeKey: outboxKey('report', game.id, reportKey, r.person.email.toLowerCase()),
      gameId: game.id,
      template: 'adjudication-report',
      context: buildReportContext({ ...input, press: view.press, ...(view.heading ? { pressHeading: view.heading } : {}), ...(gm ? { notes: warnings.map((w) => w.message) } : {}), centresBefore: yearStart, ...(r.powers[0] ? { reader: r.powers[0] } : {}), maps: { choice, ...(wide ? { wide: wide.filename } : {}), ...(phone ? { phone: phone.filename } : {}) } }, r.person.timeZone),
      to: r.person.email.toLowerCase(),
      attachments: [...(wide ? [wide] : []), ...(phone ? [phone] : [])],
      // The next deadline goes into each reader's calendar.
      ...(opened ? { calendar: { game, phase: opened.name, deadline: opened.deadline, sequence: opened.deadlineSequence, stamp: now } } : {}),
    };
  }));
  const forTd = warnings.filter((w) => w.notify.includes('TD'));
  if (forTd.length > 0 && nextName && deadline) {
    await sendNotice(trx, ctx.fromAddress, {
      game, template: 'calendar-warning', key: `calendar-warning:${game.id}:${nextName}`,
      context: (zone) => ({ phase: nextName, warnings: forTd.map((w) => w.message), deadline: when(deadline, zone) }),
    }, await findTds(trx, game));
  }
  if (!outcome.next) await markPhasePublished(trx, game.id, record.name, now);
  // D.VIII(1): a rollback request the TD has not answered lapses now that these results are out.
  if (presence.pendingRollback) await lapsePendingRollback(trx, game, { now, fromAddress: ctx.fromAddress, because: `${record.name} was adjudicated` });
  // The next phase's job, and the other job of this phase (the deadline's or the early one) removed: one statement (issue 29).
  const otherJob = payload.early ? adjudicateJobKey(game.id, record.name) : earlyAdjudicateJobKey(game.id, record.name);
  if (nextName && deadline) await enqueueJobRemoving(trx, 'adjudicate-phase', { gameId: game.id, phase: nextName }, { jobKey: adjudicateJobKey(game.id, nextName), runAt: deadline }, otherJob);
  else await removeJob(trx, otherJob);
  // The run's replay-log entry (see adjudicatePhaseTask) sent with the audit entry: one statement (issue 29).
  await appendAudit(trx, {
    gameId: game.id, actor: 'worker', action: 'phase.adjudicate',
    detail: { phase: record.name, next: nextName ?? null, nmr: chosen.missing, sets: chosen.setIds, early: payload.early === true, released: stillWithheld, deadline: deadline?.toISOString() ?? null, votes: votes.results.map((v) => ({ proposal: v.proposalId, result: v.result })) },
  }, { alongside: replayEntryInsert(trx, replayEntryOf(payload, now, 'adjudicated')) });
  return 'adjudicated';
}

/** The replay-log entry of a run that did something (replay_log, 0013): the payload and the outcome, at the run's instant. */
function replayEntryOf(payload: AdjudicatePayload, at: Date, outcome: AdjudicateOutcome): NewReplayEntry {
  return { gameId: payload.gameId, at, kind: 'task', name: 'adjudicate-phase', args: { payload, outcome }, actor: 'worker' };
}

/**
 * D.IX(2): a passed draw or concession "will be published instead of the relevant adjudication": the
 * phase is closed with the position unchanged, the game is finished, and every player, the GM and
 * the TD are told the result — and nothing else about the vote.
 */
async function endByVote(
  trx: Trx,
  ctx: TaskContext,
  game: Game,
  facts: CalendarFacts,
  ending: TalliedProposal,
  detail: { nmr: readonly string[]; sets: object; votes: readonly TalliedProposal[] },
  now: Date,
): Promise<void> {
  const record: PhaseRecord = facts.phase;
  const state = record.stateBefore;
  await savePhaseResult(trx, game.id, record.name, {
    stateAfter: state,
    results: { results: [], next: null, winner: null, ended: true, endedByVote: ending.text, proposal: ending.proposalId, nmr: detail.nmr, sets: detail.sets, votes: detail.votes.map((v) => ({ proposal: v.proposalId, result: v.result })) },
    adjudicatedAt: now,
  });
  await updateGameProgress(trx, game.id, { currentPhase: record.name, status: 'finished' });
  await markPhasePublished(trx, game.id, record.name, now);
  await mailStandingsIfRoundClosed(trx, ctx.fromAddress, game.id, now);
  const report = buildReportContext({ game: { id: game.id, board: game.boardName, address: game.address }, phase: state.phase, results: [], writtenLines: [], after: state, next: null, nmr: [] });
  // Issue #15: ended before its deadline, the phase's event is withdrawn from the players' calendars
  // (METHOD:CANCEL, its revision raised so that it outranks the event they hold).
  const cancel = record.deadline.getTime() > now.getTime();
  if (cancel) await trx.updateTable('phases').set((eb) => ({ deadline_sequence: eb('deadline_sequence', '+', 1) })).where('game_id', '=', game.id).where('name', '=', record.name).execute();
  await sendNotice(trx, ctx.fromAddress, {
    game, template: 'vote-result', key: `vote-result:${game.id}:${ending.proposalId}`,
    context: () => ({ result: ending.text, phase: record.name, showCentres: true, centres: report.centres, cancelled: cancel }),
    ...(cancel ? { calendar: { phase: record.name, deadline: record.deadline, sequence: record.deadlineSequence + 1, stamp: now, cancelled: true } } : {}),
  }, distinctPeople([...(await announcementRecipients(trx, game)).map((r) => r.person), ...(await findTds(trx, game))]));
  await removeJob(trx, adjudicateJobKey(game.id, record.name));
  await removeJob(trx, earlyAdjudicateJobKey(game.id, record.name));
  await lapsePendingRollback(trx, game, { now, fromAddress: ctx.fromAddress, because: 'the game ended by vote' });
  await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'game.end-by-vote', detail: { phase: record.name, proposal: ending.proposalId, result: ending.text } });
}

/** The written lines of a stored sheet, parallel to its canonical orders. */
function writtenOf(sheet: unknown, orders: readonly string[]): string[] {
  const list = (sheet as { orders?: { written?: string; text?: string }[] } | null)?.orders;
  if (!Array.isArray(list)) return [...orders];
  return orders.map((o, i) => list[i]?.written ?? o);
}
