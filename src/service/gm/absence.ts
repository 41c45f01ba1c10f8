/**
 * `mailjudge absence <game> <power> --from "Fri 17:00" --to "Mon 09:00" [--zone <IANA>]` or `--clear`:
 * the weekly unavailable window of the player acting for a power (D.VII(2): at most 64 hours a week,
 * read on the player's clock, summer time included). Recorded for that person in this game, told to
 * the player and the GM, audit-logged. A current deadline inside the new window is reported, not moved.
 */
import { inTransaction } from '../../db/in-transaction.js';
import { appendAudit } from '../../db/audit-log.js';
import { declareWindow, withdrawWindow } from '../../db/unavailable-windows.js';
import type { Db } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { insideWindow, validateWindow, windowHours, type UnavailableWindow, type Weekday } from '../../diplomacy/calendar/index.js';
import { formatGmt, problems, type CommandResult } from '../command-result.js';
import { findActingPlayers, findGm, distinctPeople } from '../game-people.js';
import { sendNotice } from '../notify.js';
import type { RunContext } from '../command-result.js';
import { lockGame } from '../../db/games.js';
import { findPhase } from '../../db/phases.js';
import { recordedCommand } from '../recorded-command.js';

export interface AbsenceArgs {
  readonly gameId: string;
  readonly power: Power;
  readonly from?: { day: Weekday; time: string };
  readonly to?: { day: Weekday; time: string };
  /** Default: the player's registered zone. */
  readonly zone?: string;
  readonly clear: boolean;
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runAbsence(db: Db, a: AbsenceArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'absence', a.gameId, a, ctx, (trx, c) => runAbsenceNow(trx, a, c));
}

async function runAbsenceNow(db: Db, a: AbsenceArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const game = await lockGame(trx, a.gameId);
    if (!game) return problems([`no game "${a.gameId}"`]);
    const person = (await findActingPlayers(trx, game.id)).get(a.power);
    if (!person) return problems([`nobody plays ${a.power} in ${game.id}`]);
    const gm = await findGm(trx, game);
    const key = `absence:${game.id}:${a.power}:${person.id}:${ctx.now.toISOString()}`;
    if (a.clear) {
      if (!(await withdrawWindow(trx, game.id, person.id, ctx.now))) return problems([`${a.power} (${person.name}) has no unavailable period recorded`]);
      await sendNotice(trx, ctx.fromAddress, { game, template: 'absence-recorded', key, context: () => ({ power: a.power, playerName: person.name, cleared: true }) }, distinctPeople([person, gm]));
      await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'window.withdraw', detail: { power: a.power, person: person.id } });
      return { ok: true, text: `${a.power} (${person.name}): weekly unavailable period withdrawn.`, json: { game: game.id, power: a.power, cleared: true } };
    }
    if (!a.from || !a.to) return problems(['give --from and --to (e.g. --from "Fri 17:00" --to "Mon 09:00"), or --clear']);
    const zone = a.zone ?? person.timeZone;
    const window: UnavailableWindow = { power: a.power, person: String(person.id), zone, startDay: a.from.day, startTime: a.from.time, endDay: a.to.day, endTime: a.to.time };
    const issues = validateWindow(window);
    if (issues.length > 0) return problems(issues.map((i) => i.message));
    await declareWindow(trx, { gameId: game.id, personId: person.id, power: a.power, startDay: a.from.day, startTime: a.from.time, endDay: a.to.day, endTime: a.to.time, zone, declaredAt: ctx.now, declaredBy: ctx.actor });
    const text = `${a.from.day} ${a.from.time} to ${a.to.day} ${a.to.time} ${zone}`;
    await sendNotice(trx, ctx.fromAddress, { game, template: 'absence-recorded', key, context: () => ({ power: a.power, playerName: person.name, window: text }) }, distinctPeople([person, gm]));
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'window.declare', detail: { power: a.power, person: person.id, window: text, hours: windowHours(window) } });
    const phase = game.status === 'active' ? await findPhase(trx, game.id, game.currentPhase) : undefined;
    const clash = phase && !phase.adjudicatedAt && insideWindow(phase.deadline, window);
    const warning = clash ? `\nWarning: the current ${phase.name} deadline (${formatGmt(phase.deadline)}) falls inside this window (D.VII(2)); move it with mailjudge deadline ${game.id} --at <instant>.` : '';
    return {
      ok: true,
      text: `${a.power} (${person.name}): unavailable every week ${text} (${windowHours(window)} hours). Later deadlines and publications avoid it.${warning}`,
      json: { game: game.id, power: a.power, window: { from: `${a.from.day} ${a.from.time}`, to: `${a.to.day} ${a.to.time}`, zone }, hours: windowHours(window), deadlineInside: Boolean(clash) },
    };
  });
}
