/**
 * `mailjudge holiday create <name> --from <instant> --to <instant> [--max-hours N] [--tournament <slug>]`
 * and `mailjudge holiday list`: TD-declared holidays (D.VII(5)) — any player or the GM may take an
 * uncharged extension for one, which must be granted. Announced to the players and GM of every
 * active game it applies to, and audit-logged.
 */
import { appendAudit } from '../../db/audit-log.js';
import { inTransaction } from '../../db/in-transaction.js';
import { insertReplayEntry } from '../../db/replay-log.js';
import type { RecordedCommandName } from '../recorded-command.js';
import { findHolidays, insertHoliday } from '../../db/holidays.js';
import type { Db } from '../../db/schema.js';
import { findTournamentBySlug } from '../../db/tournaments.js';
import { holidayAllowanceHours } from '../../diplomacy/calendar/index.js';
import { formatGmt, problems, type CommandResult } from '../command-result.js';
import type { RunContext } from '../command-result.js';
import { gameFromRow } from '../../db/games.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice, when } from '../notify.js';

export interface HolidayArgs {
  readonly name: string;
  readonly from: Date;
  readonly to: Date;
  readonly maxHours?: number;
  readonly tournament?: string;
}

export async function runHolidayCreate(db: Db, a: HolidayArgs, ctx: RunContext): Promise<CommandResult> {
  if (a.to.getTime() <= a.from.getTime()) return problems(['--to must be after --from']);
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const tournament = a.tournament === undefined ? undefined : await findTournamentBySlug(trx, a.tournament);
    if (a.tournament !== undefined && !tournament) return problems([`no tournament "${a.tournament}"`]);
    const taken = await trx.selectFrom('holidays').select('id').where('name', '=', a.name).executeTakeFirst();
    if (taken) return problems([`a holiday named "${a.name}" exists already; pick another name (e.g. with the year)`]);
    const h = await insertHoliday(trx, { name: a.name, start: a.from, end: a.to, maxHours: a.maxHours ?? null, tournamentId: tournament?.id ?? null, declaredBy: ctx.actor });
    // Every active game it applies to is told (players and GM): they may ask for its uncharged extension.
    let games = trx.selectFrom('games').selectAll().where('status', '=', 'active');
    if (tournament) games = games.where('tournament_id', '=', tournament.id);
    for (const row of await games.execute()) {
      const game = gameFromRow(row);
      await sendNotice(trx, ctx.fromAddress, {
        game, template: 'holiday-declared', key: `holiday:${h.id}:${game.id}`,
        context: (zone) => ({ name: h.name, from: when(a.from, zone), to: when(a.to, zone), hours: holidayAllowanceHours(h) }),
      }, (await announcementRecipients(trx, game)).map((r) => r.person));
    }
    // Logged for `mailjudge reproduce` with its instant, by email too: a holiday belongs to no game, and
    // the TD may declare it through another game's address than the ones replayed (the replay creates
    // it once, at this instant, whichever way it came).
    await insertReplayEntry(trx, { gameId: null, at: ctx.now, kind: 'command', name: 'holiday-create' satisfies RecordedCommandName, args: { ...a, id: h.id }, actor: ctx.actor });
    await appendAudit(trx, { actor: ctx.actor, action: 'holiday.declare', detail: { id: h.id, name: h.name, from: a.from.toISOString(), to: a.to.toISOString(), maxHours: a.maxHours ?? null, tournament: a.tournament ?? null } });
    return {
      ok: true,
      text: `Holiday "${h.name}" declared: ${formatGmt(a.from)} to ${formatGmt(a.to)}, ${holidayAllowanceHours(h)} uncharged extension hours per game${tournament ? ` in ${tournament.slug}` : ' in every game'} (D.VII(5)).`,
      json: { id: h.id, name: h.name, from: a.from.toISOString(), to: a.to.toISOString(), hours: holidayAllowanceHours(h), tournament: tournament?.slug ?? null },
    };
  });
}

/**
 * `mailjudge holiday list` (every holiday), or with `forGame` the holidays that apply to one game
 * (judge-wide ones and its tournament's): what the GM's `HOLIDAYS` answers.
 */
export async function runHolidayList(db: Db, forGame?: { tournamentId: number | null }): Promise<CommandResult> {
  const all = forGame ? [] : await db.selectFrom('holidays').select('tournament_id').distinct().execute();
  const list = forGame
    ? await findHolidays(db, forGame.tournamentId)
    : (await findHolidays(db, null)).concat(...(await Promise.all(all.filter((r) => r.tournament_id !== null).map((r) => findHolidays(db, r.tournament_id)))).map((l) => l.filter((h) => h.tournamentId !== null)));
  const text = list.length === 0 ? 'No holidays declared.' : list.map((h) => `${h.name}: ${formatGmt(h.start)} to ${formatGmt(h.end)}, ${holidayAllowanceHours(h)} hours${h.tournamentId ? ` (tournament ${h.tournamentId})` : ''}`).join('\n');
  return { ok: true, text, json: list.map((h) => ({ name: h.name, from: h.start.toISOString(), to: h.end.toISOString(), hours: holidayAllowanceHours(h), tournamentId: h.tournamentId })) };
}
