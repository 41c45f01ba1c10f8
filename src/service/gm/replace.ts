/**
 * `mailjudge replace <game> <power> --email … --name … [--zone …] [--temporary --until <phase>]`
 * and `mailjudge replace <game> <power> --end-temporary` (B.7, B.8):
 * - permanent (default): the new player takes the power over; the player of record and any
 *   stand-in are closed (history kept);
 * - temporary: a stand-in until the declared phase — `--until S1902M`: the player plays again FOR
 *   S1902M, the stand-in covers the phases before it — the player of record keeping the right of
 *   return (B.7; src/service/diplomacy/stand-in-period.ts: the period ends at that phase or at the player's own
 *   accepted set, whichever is first); a period that would take the position past four seasons
 *   replaced in the game makes the replacement permanent (B.7, counted per game here); a stand-in
 *   who goes on sending orders after the period becomes permanent;
 * - `--end-temporary`: the player is back (B.7: "the player's decision will be final").
 * An NMR notice or civil disorder of the power is closed. Announced to every player and the GM (and
 * the outgoing player), audit-logged.
 */
import { inTransaction } from '../../db/in-transaction.js';
import { appendAudit } from '../../db/audit-log.js';
import { findOrInsertPerson, findPerson } from '../../db/people.js';
import { endCivilDisorder, findActiveNmrNotices, resolveNmrNotices } from '../../db/nmr-notices.js';
import { endPosition, findCurrentPositions, holdersByPower, insertPosition } from '../../db/positions.js';
import { findReplacementPeriods, insertReplacementPeriod } from '../../db/replacement-periods.js';
import type { Db } from '../../db/schema.js';
import { findWithheldPhase } from '../../db/withheld-phases.js';
import { parsePhase, phaseIndex, type Power } from '../../diplomacy/index.js';
import { replacementStatus } from '../../diplomacy/conduct/replacements.js';
import { problems, type CommandResult } from '../command-result.js';
import { announcementRecipients, distinctPeople, findActingPlayers, findGm } from '../game-people.js';
import { sendGameStart } from '../game-start.js';
import { sendNotice } from '../notify.js';
import type { RunContext } from '../command-result.js';
import { lockGame } from '../../db/games.js';
import { findPhase } from '../../db/phases.js';
import { recordedCommand } from '../recorded-command.js';
import { b9Refusal } from '../tournament/b9-limit.js';
import { lastPhaseBefore } from '../diplomacy/stand-in-period.js';

export interface ReplaceArgs {
  readonly gameId: string;
  readonly power: Power;
  readonly email?: string;
  readonly name?: string;
  readonly zone?: string;
  /** B.7: a temporary replacement until this phase: the player plays again for it. */
  readonly untilPhase?: string;
  readonly endTemporary: boolean;
  readonly reason?: string;
  /**
   * The TD lets a replacement through that B.9 would refuse (A.3(iv), B.10), with this reason: audit-logged
   * and announced. Only from the command line (an emailed REPLACE has none).
   */
  readonly b9Override?: string;
  /**
   * B.8(d),(e): the replacement is a reserve from the pool because the captain or team provided none
   * (the team then forfeits the position's points). Also taken as so when the power's replacement
   * procedure had passed to the reserves (the captain's 48/96 hours were over).
   */
  readonly fromPool?: boolean;
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runReplace(db: Db, a: ReplaceArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'replace', a.gameId, a, ctx, (trx, c) => runReplaceNow(trx, a, c));
}

async function runReplaceNow(db: Db, a: ReplaceArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const game = await lockGame(trx, a.gameId);
    if (!game) return problems([`no game "${a.gameId}"`]);
    if (game.status === 'finished') return problems([`${game.id} is finished`]);
    const current = await findCurrentPositions(trx, game.id);
    const holders = holdersByPower(current).find((h) => h.power === a.power)!;
    const recipients = async () => (await announcementRecipients(trx, game)).map((r) => r.person);

    if (a.endTemporary) {
      if (!holders.standIn) return problems([`${a.power} has no temporary replacement to end`]);
      const outgoing = await findPerson(trx, holders.standIn.personId);
      const back = holders.ofRecord && (await findPerson(trx, holders.ofRecord.personId));
      await endPosition(trx, holders.standIn.id, { at: ctx.now, reason: `the player is back (B.7)${a.reason ? `: ${a.reason}` : ''}` });
      await sendNotice(trx, ctx.fromAddress, { game, template: 'position-change', key: `position:${game.id}:${a.power}:end:${holders.standIn.id}`, context: () => ({ power: a.power, ended: true, incoming: back?.name, outgoing: outgoing?.name, why: a.reason, setCounts: `from now on only ${back?.name ?? 'the player'}'s sets count for ${a.power}` }) }, distinctPeople([...(await recipients()), outgoing]));
      await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'position.return', detail: { power: a.power, standIn: holders.standIn.personId, reason: a.reason ?? null } });
      return { ok: true, text: `${a.power}: the temporary replacement ${outgoing?.name ?? ''} has ended; ${back?.name ?? 'the player of record'} plays again. Everyone has been told.`, json: { game: game.id, power: a.power, ended: true } };
    }
    if (!a.email || !a.name) return problems(['give the replacement with --email <address> --name "<name>" (or --end-temporary)']);
    const { person } = await findOrInsertPerson(trx, { name: a.name, email: a.email, ...(a.zone ? { timeZone: a.zone } : {}) });
    const elsewhere = current.find((p) => p.personId === person.id && !(p.power === a.power && p.kind === 'temporary'));
    if (elsewhere) return problems([`${person.email} already plays ${elsewhere.power} in ${game.id}; nobody holds two powers on one board`]);

    let untilPhase = a.untilPhase;
    let note: string | undefined;
    if (untilPhase) {
      const cur = parsePhase(game.currentPhase)!;
      const until = parsePhase(untilPhase)!;
      if (phaseIndex(until) <= phaseIndex(cur)) return problems([`--until ${untilPhase} is not after the current phase ${game.currentPhase}: give the first phase the player plays again (the stand-in covers the phases before it)`]);
      // B.7 counts the seasons the stand-in covers: from the current phase to the one before --until.
      const earlier = (await findReplacementPeriods(trx, game.id)).filter((p) => p.power === a.power).map((p) => ({ from: parsePhase(p.fromPhase)!, to: lastPhaseBefore(parsePhase(p.fromPhase)!, parsePhase(p.untilPhase)!) }));
      const status = replacementStatus({ declared: { from: cur, to: lastPhaseBefore(cur, until) }, declaredAt: ctx.now, startedAt: ctx.now, earlierPeriodsThisRound: earlier, current: cur, playerBack: false });
      if (status.kind === 'permanent') {
        note = `the period would take ${a.power} past four seasons replaced (B.7), so the replacement is permanent`;
        untilPhase = undefined;
      }
    }
    // B.9: the limit on games per player in a tournament round (the TD may override, A.3(iv), B.10).
    const b9 = await b9Refusal(trx, game, person, untilPhase ? 'temporary' : 'permanent', ctx.now);
    if (b9 && !a.b9Override?.trim()) {
      return problems([`${b9.message}. Nothing changed. The TD may allow it with a stated reason: mailjudge replace ${game.id} ${a.power} --email ${person.email} --name "${person.name}"${untilPhase ? ` --temporary --until ${untilPhase}` : ''} --override-b9 "<reason>"`]);
    }
    // Noted whenever the TD gave it, not only when B.9 bites here: a reproduce of this game alone, without
    // the round's other games, must write the same announcement and holding.
    if (a.b9Override?.trim()) {
      await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'tournament.b9-override', detail: { power: a.power, person: person.id, kind: untilPhase ? 'temporary' : 'permanent', reason: a.b9Override.trim(), held: b9?.heldGames ?? [], problems: b9?.problems ?? [] } });
      note = [note, `B.9 set aside by the TD: ${a.b9Override!.trim()}`].filter(Boolean).join('; ');
    }
    // B.8(d),(e): from the pool when the GM says so, or when the procedure had passed to the reserves.
    const fromPool = !untilPhase && (a.fromPool === true || (await findActiveNmrNotices(trx, game.id)).some((n) => n.power === a.power && n.status === 'procedure' && n.note === 'waiting for the reserves'));
    if (fromPool) note = [note, "a reserve from the pool: the team loses the position's points and the reserve scores as an individual permanent replacement (B.8(e))"].filter(Boolean).join('; ');
    const outgoing = distinctPeople(await Promise.all([holders.standIn, ...(untilPhase ? [] : [holders.ofRecord])].map((p) => (p ? findPerson(trx, p.personId) : undefined))));
    const why = [a.reason, note].filter(Boolean).join('; ') || undefined;
    if (holders.standIn) await endPosition(trx, holders.standIn.id, { at: ctx.now, reason: `replaced by ${person.email}` });
    let pos;
    if (untilPhase) {
      pos = await insertPosition(trx, { gameId: game.id, power: a.power, personId: person.id, kind: 'temporary', startedAt: ctx.now, reason: `temporary replacement until ${untilPhase} (B.7)${a.reason ? `: ${a.reason}` : ''}` });
      await insertReplacementPeriod(trx, { positionId: pos.id, fromPhase: game.currentPhase, untilPhase, declaredAt: ctx.now, declaredBy: ctx.actor });
    } else {
      if (holders.ofRecord) await endPosition(trx, holders.ofRecord.id, { at: ctx.now, reason: `replaced by ${person.email}` });
      pos = await insertPosition(trx, { gameId: game.id, power: a.power, personId: person.id, kind: 'permanent', startedAt: ctx.now, reason: `${fromPool ? 'reserve from the pool (B.8(d),(e))' : 'replacement (B.8)'}${why ? `: ${why}` : ''}`, fromPool });
    }
    await resolveNmrNotices(trx, game.id, a.power, 'replaced', ctx.now, `replaced by ${person.email}${fromPool ? ' from the pool of reserves (B.8(d),(e))' : ''}`);
    await endCivilDisorder(trx, game.id, a.power, ctx.now);
    const ofRecordName = holders.ofRecord ? (await findPerson(trx, holders.ofRecord.personId))?.name : undefined;
    await sendNotice(trx, ctx.fromAddress, {
      game, template: 'position-change', key: `position:${game.id}:${a.power}:${pos.id}`,
      context: () => ({ power: a.power, incoming: person.name, outgoing: untilPhase ? ofRecordName : outgoing.map((p) => p.name).join(' and ') || undefined, temporary: Boolean(untilPhase), untilPhase, why }),
    }, distinctPeople([...(await recipients()), ...outgoing]));
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'position.replace', detail: { power: a.power, person: person.id, kind: untilPhase ? 'temporary' : 'permanent', until: untilPhase ?? null, reason: why ?? null, fromPool } });

    const phase = await findPhase(trx, game.id, game.currentPhase);
    // B.8: the replacement gets the game-start mail for the power taken over (the open turn's deadline).
    const gm = await findGm(trx, game);
    if (phase && !phase.adjudicatedAt && gm && game.status === 'active') {
      const players = [...(await findActingPlayers(trx, game.id))].map(([power, p]) => ({ power, person: p }));
      await sendGameStart(trx, ctx.fromAddress, { game, state: phase.stateBefore, deadline: phase.deadline, deadlineSequence: phase.deadlineSequence, stamp: ctx.now, players, gm, to: [person], replacement: { power: a.power, person } });
    }
    const withheld = phase && !phase.adjudicatedAt ? await findWithheldPhase(trx, game.id, phase.name, phase.generation) : undefined;
    const late = withheld && !withheld.releasedAt && withheld.missing.includes(a.power) ? `\nResults of ${phase!.name} are withheld (D.VII(6)(b)): ${person.name}'s orders for ${a.power} are taken although the deadline has passed, and the phase is adjudicated once they are in.` : '';
    return {
      ok: true,
      text: `${a.power}: ${person.name} <${person.email}> ${untilPhase ? `stands in until ${untilPhase} (temporary, B.7): ${ofRecordName ?? 'the player of record'} plays again from ${untilPhase}, or sooner by sending orders` : 'is now the player (permanent)'}${note ? `; ${note}` : ''}. Everyone has been told.${late}`,
      json: { game: game.id, power: a.power, person: { id: person.id, name: person.name, email: person.email }, kind: untilPhase ? 'temporary' : 'permanent', until: untilPhase ?? null, note: note ?? null, fromPool },
    };
  });
}
