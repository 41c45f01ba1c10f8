/**
 * `mailjudge process <game> <PHASE> [--override "reason"]` and the emailed `PROCESS S1901M [OVERRIDE
 * reason]`: the GM asks for the open phase to be adjudicated now (njudge's PROCESS; the phase name
 * guards against slips). Before the deadline that is an early adjudication, and D.VII(2) binds it:
 * "Early adjudication is allowed if all orders are submitted marked "Final" but a minimum of 24 hours
 * is required between posting of adjudications" — and the votes due with the deadline must all be in
 * (D.IX(2)). Otherwise the command is refused, saying which condition fails and when it will hold.
 *
 * Where the GM must go past the rule (a TD's ruling, a restart after an outage), `--override` names
 * why: the phase is adjudicated at once, the override is written to the audit log, and every player,
 * the GM and the TD are told, with the reason. The override sets aside D.VII(2)'s Final and 24-hour
 * conditions only: nothing is published inside a declared window (the adjudication waits for its end),
 * and a proposal whose votes are not all in is not decided (it stays open to the next deadline).
 * The players' consent to shorter turns (D.VII(4)(a)) does not shorten the 24 hours (see
 * src/diplomacy/calendar/early-adjudication.ts).
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Db, Trx } from '../../db/schema.js';
import { inTransaction } from '../../db/in-transaction.js';
import { formatGmt, formatGmtSeconds, nextAllowedPublication, noNmrAllowed, publicationAllowed, type EarlyBlock } from '../../diplomacy/calendar/index.js';
import { problems, type CommandResult } from '../command-result.js';
import { processNow } from '../../db/schedule-jobs.js';
import { recordProcessRequest } from '../../db/process-requests.js';
import { loadCalendarFacts, orderStatus, type CalendarFacts } from '../diplomacy/calendar-facts.js';
import { earlyCheck, scheduleEarlyAdjudication } from '../diplomacy/early-adjudication.js';
import { announcementRecipients, distinctPeople, findTds } from '../game-people.js';
import { withheldReady } from '../diplomacy/nmr-handling.js';
import { sendNotice, when } from '../notify.js';
import type { RunContext } from '../command-result.js';
import { lockOpenTurn } from './open-turn.js';
import { recordedCommand } from '../recorded-command.js';

export interface ProcessArgs {
  readonly gameId: string;
  /** The phase the GM names (guards against slips). */
  readonly phase: string;
  /** The GM's reason for setting D.VII(2) aside; `undefined` to obey it. */
  readonly override?: string;
  /** How the GM writes an override where this is answered (the CLI option or the email line). */
  readonly via: 'cli' | 'email';
}

/** `23 hours 59 minutes 59 seconds`. Pure. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const parts: [number, string][] = [[Math.floor(s / 86_400), 'day'], [Math.floor((s % 86_400) / 3600), 'hour'], [Math.floor((s % 3600) / 60), 'minute'], [s % 60, 'second']];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return shown.length > 0 ? shown.join(' ') : '0 seconds';
}

/** One failing condition, for the GM (who may see who is not Final). Pure. */
export function blockForGm(b: EarlyBlock, facts: Pick<CalendarFacts, 'statuses'>, now: Date): string {
  if (b.kind === 'not-final') {
    const list = b.powers.map((p) => `${p} ${orderStatus(facts, p) === 'preliminary' ? 'preliminary' : 'no orders'}`);
    return `not every set is marked Final (${list.join(', ')})`;
  }
  if (b.kind === 'too-soon') {
    return `the last results were published ${formatGmtSeconds(b.since)}, ${formatElapsed(now.getTime() - b.since.getTime())} ago, and 24 hours are required between publications`;
  }
  return `the votes on ${b.proposals.join('; ')} are not all in, and they are due with the deadline (D.IX(2))`;
}

/** The same, for the players: nobody's order status is named. Pure. */
export function blockForPlayers(b: EarlyBlock): string {
  if (b.kind === 'not-final') return 'not every power\'s orders were marked Final';
  if (b.kind === 'too-soon') return `the previous results were published ${formatGmtSeconds(b.since)}, less than 24 hours before`;
  return `the votes on ${b.proposals.join('; ')} are not all in`;
}

/** When an early adjudication will be allowed, given what fails now. Pure. */
export function allowedWhen(blocks: readonly EarlyBlock[], soonest: Date, deadline: Date): string {
  const conditions = [
    ...(blocks.some((b) => b.kind === 'not-final') ? ['every set is marked Final'] : []),
    ...(blocks.some((b) => b.kind === 'votes') ? ['every remaining player has voted'] : []),
  ];
  const notBefore = blocks.some((b) => b.kind === 'too-soon');
  if (notBefore && soonest.getTime() >= deadline.getTime()) {
    return `24 hours after the last results is not before the deadline, so the phase will be adjudicated at its deadline, ${formatGmt(deadline)}`;
  }
  const from = notBefore ? `from ${formatGmtSeconds(soonest)}` : '';
  const once = conditions.length > 0 ? `once ${conditions.join(' and ')}` : '';
  return `It will be allowed ${[once, from].filter(Boolean).join(', and ')}; otherwise the phase is adjudicated at its deadline, ${formatGmt(deadline)}`;
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runProcess(db: Db, a: ProcessArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'process', a.gameId, a, ctx, (trx, c) => runProcessNow(trx, a, c));
}

async function runProcessNow(db: Db, a: ProcessArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, (trx) => processPhase(trx, a, ctx));
}

async function processPhase(trx: Trx, a: ProcessArgs, ctx: RunContext): Promise<CommandResult> {
  const turn = await lockOpenTurn(trx, a.gameId);
  if (!turn.ok) return problems([turn.problem]);
  const { game, phase } = turn;
  const named = a.phase.trim().toUpperCase();
  if (named !== phase.name) return problems([`the open phase of ${game.id} is ${phase.name}, not ${named}: give the open phase's name to process it`]);
  if (a.override !== undefined && a.override.trim() === '') {
    return problems([a.via === 'cli' ? '--override needs the reason: which rule you set aside and why (a TD\'s ruling, a restart after an outage…)' : `OVERRIDE needs the reason on the same line: PROCESS ${phase.name} OVERRIDE <why>`]);
  }
  const facts = (await loadCalendarFacts(trx, game))!;
  const { now } = ctx;
  const publishes = (at: Date) => (publicationAllowed(at, facts.windows) ? undefined : nextAllowedPublication(at, facts.windows));

  // D.VII(6)(b): a withheld 1901 phase waits for its missing orders; processing it cannot publish.
  const ready = await withheldReady(trx, game, phase, facts.civilDisorder);
  if (ready === false) return problems([`${phase.name}'s results are withheld until the missing powers' orders are in (D.VII(6)(b)); it is adjudicated the moment they are`]);

  if (now.getTime() >= phase.deadline.getTime() || ready === true) {
    // Not an early adjudication: the deadline has passed.
    await processNow(trx, game.id, phase.name, now, { requestedBy: ctx.actor });
    const waits = publishes(now);
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'phase.process', detail: { phase: phase.name, early: false } });
    return {
      ok: true,
      text: `${game.id} ${phase.name}: the deadline (${formatGmt(phase.deadline)}) has passed; ${waits ? `it will be adjudicated at ${formatGmtSeconds(waits)}, when a player's unavailable window ends (D.VII(2): nothing is published inside one)` : 'it will be adjudicated now; the results follow by email'}.`,
      json: { game: game.id, phase: phase.name, early: false, at: (waits ?? now).toISOString() },
    };
  }

  const check = earlyCheck(facts, now);
  if (check.allowed) {
    // D.VII(2) allows it: the early adjudication, checked again under the game's lock when it runs.
    const at = await scheduleEarlyAdjudication(trx, facts, now);
    // On record; the calendar tick re-derives the early job every minute, so it survives a crash too.
    if (at) await recordProcessRequest(trx, { gameId: game.id, phase: phase.name, runAt: at, early: true, requestedAt: now, requestedBy: ctx.actor });
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'phase.process', detail: { phase: phase.name, early: true, at: at?.toISOString() ?? null } });
    const text = !at
      ? `${phase.name} may be adjudicated early (D.VII(2)), but the players' unavailable windows leave no time to publish before the deadline: it will be adjudicated at its deadline, ${formatGmt(phase.deadline)}.`
      : at.getTime() > now.getTime()
        ? `${phase.name} will be adjudicated at ${formatGmtSeconds(at)}, when a player's unavailable window ends (D.VII(2): nothing is published inside one); every set is Final, every vote is in and 24 hours have passed since the last results.`
        : `${phase.name} will be adjudicated now: every set is Final, every vote is in, and 24 hours have passed since the last results (D.VII(2)); the results follow by email. A revised set not marked Final arriving first would cancel it.${a.override !== undefined ? ' (No override was needed.)' : ''}`;
    return { ok: true, text: `${game.id} ${text}`, json: { game: game.id, phase: phase.name, early: true, at: at?.toISOString() ?? null, override: false } };
  }

  const failing = check.blocks.map((b) => blockForGm(b, facts, now));
  if (a.override === undefined) {
    const how = a.via === 'cli' ? `mailjudge process ${game.id} ${phase.name} --override "<why>"` : `PROCESS ${phase.name} OVERRIDE <why>`;
    return problems([
      `${phase.name} cannot be adjudicated early now (D.VII(2): early adjudication only when all orders are marked Final, at least 24 hours after the last results): ${failing.join('; ')}. ` +
        `${allowedWhen(check.blocks, check.soonest, phase.deadline)}. To go past the rule (a TD's ruling, a restart after an outage), give your reason: ${how}`,
    ]);
  }

  // D.VII(6)(b): in Spring 1901 and the Fall 1901 movement phase a power without orders withholds the
  // results and starts the replacement procedure; before the deadline no one has NMR'd yet.
  const noOrders = facts.powers.filter((p) => orderStatus(facts, p) === 'missing' && !facts.civilDisorder.has(p));
  if (noNmrAllowed(phase.stateBefore.phase) && noOrders.length > 0) {
    return problems([
      `${phase.name} allows no NMR (D.VII(6)(b)) and ${noOrders.join(', ')} ${noOrders.length === 1 ? 'has' : 'have'} no orders yet: processing now would withhold the results and seek replacements for players whose deadline has not come. ` +
        `They have until ${formatGmt(phase.deadline)}; an override of D.VII(2) does not set D.VII(6)(b) aside`,
    ]);
  }

  // The GM sets D.VII(2) aside: adjudicate now, record why, tell everyone.
  const reason = a.override.trim();
  const votes = check.blocks.find((b) => b.kind === 'votes');
  // What the override sets aside: D.VII(2)'s conditions. Votes not all in are carried, not decided.
  const setAside = check.blocks.filter((b) => b.kind !== 'votes');
  const aside = setAside.length > 0 ? `setting aside D.VII(2): ${setAside.map((b) => blockForGm(b, facts, now)).join('; ')}` : 'although D.VII(2) would allow it only once every vote is in';
  await processNow(trx, game.id, phase.name, now, { requestedBy: ctx.actor, override: reason });
  const waits = publishes(now);
  await appendAudit(trx, {
    gameId: game.id, actor: ctx.actor, action: 'phase.process-override',
    detail: { phase: phase.name, rule: 'D.VII(2)', reason, setAside: setAside.map((b) => b.kind), failing, votesCarried: votes?.kind === 'votes' ? votes.proposals : [], deadline: phase.deadline.toISOString() },
  });
  const tds = await findTds(trx, game);
  const recipients = distinctPeople([...(await announcementRecipients(trx, game)).map((r) => r.person), ...tds]);
  await sendNotice(trx, ctx.fromAddress, {
    game, template: 'process-override', key: `process-override:${game.id}:${phase.name}:${phase.generation}`,
    context: (zone) => ({
      phase: phase.name, at: when(waits ?? now, zone), deadline: when(phase.deadline, zone), reason,
      setAside: setAside.map(blockForPlayers),
      votesCarried: votes?.kind === 'votes' ? votes.proposals.join('; ') : undefined,
      waitsForWindow: waits !== undefined,
    }),
  }, recipients);
  return {
    ok: true,
    text: `${game.id} ${phase.name} will be adjudicated ${waits ? `at ${formatGmtSeconds(waits)}, when a player's unavailable window ends (an override does not set that aside, D.VII(2))` : 'now'}, before its deadline, ${aside}. ` +
      `Your reason is in the audit log, and ${tds.length > 0 ? 'every player, you and the TD' : 'every player and you'} have been told it.` +
      (votes ? ' The proposals whose votes are not all in are not decided by this adjudication: they stay open until the next deadline (D.IX(2)).' : ''),
    json: { game: game.id, phase: phase.name, early: true, override: true, reason, setAside: setAside.map((b) => b.kind), votesCarried: votes?.kind === 'votes' ? votes.proposals : [], at: (waits ?? now).toISOString() },
  };
}

