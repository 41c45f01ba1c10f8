/**
 * `mailjudge calendar <game> [--movement-hours N] [--retreat-hours N] [--adjustment-hours N]
 * [--reminders 24,6] [--digests 24,2] [--digest-times 08:00]`: show or change a game's turn lengths
 * (D.VII(4)(a): shorter than the minimum only with the players' consent on record) and when reminders
 * and GM digests go out. A change is announced to every player and the GM.
 */
import { createHash } from 'node:crypto';
import { appendAudit } from '../../db/audit-log.js';
import { canonicalJson } from '../../db/canonical-json.js';
import { inTransaction } from '../../db/in-transaction.js';
import { findCalendarSettings, saveCalendarSettings, type CalendarSettings } from '../../db/calendar-settings.js';
import { findGame } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { MIN_TURN_HOURS } from '../../diplomacy/calendar/index.js';
import { TURN_HOURS } from '../../diplomacy/calendar/deadlines.js';
import { problems, type CommandResult } from '../command-result.js';
import { hasDeadlineConsent } from '../../db/deadline-consents.js';
import type { RunContext } from '../command-result.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice } from '../notify.js';
import { recordedCommand } from '../recorded-command.js';

export interface SettingsArgs {
  readonly gameId: string;
  readonly turnHours: { M?: number; R?: number; A?: number };
  readonly reminders?: number[];
  readonly digests?: number[];
  /** Daily digest times, `HH:MM` in the GM's zone. */
  readonly digestTimes?: string[];
}

function describe(s: CalendarSettings): string {
  const h = (k: 'M' | 'R' | 'A') => `${s.turnHours[k] ?? TURN_HOURS[k]}h${s.turnHours[k] === undefined ? ' (default)' : ''}`;
  return [
    `turn lengths: movement ${h('M')}, retreats ${h('R')}, adjustments ${h('A')}`,
    `reminders:    ${s.reminderLeadHours.length ? s.reminderLeadHours.map((x) => `${x}h`).join(', ') : 'none'} before the deadline`,
    `GM digests:   ${s.digestLeadHours.length ? s.digestLeadHours.map((x) => `${x}h`).join(', ') : 'none'} before the deadline${s.digestTimes.length ? `, and daily at ${s.digestTimes.join(', ')} (the GM's time)` : ''}`,
  ].join('\n');
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runCalendarSettings(db: Db, a: SettingsArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'calendar', a.gameId, a, ctx, (trx, c) => runCalendarSettingsNow(trx, a, c));
}

async function runCalendarSettingsNow(db: Db, a: SettingsArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const game = await findGame(trx, a.gameId);
    if (!game) return problems([`no game "${a.gameId}"`]);
    const before = await findCalendarSettings(trx, game.id);
    const changed = Object.keys(a.turnHours).length > 0 || a.reminders !== undefined || a.digests !== undefined || a.digestTimes !== undefined;
    if (!changed) return { ok: true, text: `${game.id}\n${describe(before)}`, json: { game: game.id, ...before } };
    const after: CalendarSettings = {
      turnHours: { ...before.turnHours, ...a.turnHours },
      reminderLeadHours: a.reminders ?? before.reminderLeadHours,
      digestLeadHours: a.digests ?? before.digestLeadHours,
      digestTimes: a.digestTimes ?? before.digestTimes,
    };
    const consent = await hasDeadlineConsent(trx, game.id);
    const short = (['M', 'R', 'A'] as const).filter((k) => (after.turnHours[k] ?? TURN_HOURS[k]) < MIN_TURN_HOURS[k]);
    if (short.length > 0 && !consent) {
      return problems(short.map((k) => `${k === 'M' ? 'movement' : k === 'R' ? 'retreat' : 'adjustment'} turns of ${after.turnHours[k]} hours are under the ${MIN_TURN_HOURS[k]}-hour minimum: record the players' consent first (mailjudge deadline … --consent-recorded) (D.VII(4)(a))`));
    }
    await saveCalendarSettings(trx, game.id, after, ctx.now);
    // Turn lengths and reminder times concern every player: announced, as njudge announced every GM change.
    await sendNotice(trx, ctx.fromAddress, {
      game, template: 'calendar-changed', key: `calendar-changed:${game.id}:${ctx.now.toISOString()}:${createHash('sha256').update(canonicalJson(after)).digest('hex').slice(0, 16)}`,
      // Canonical JSON (sorted keys): `reproduce` replays the arguments from jsonb, which reorders keys (issue 30).
      context: () => ({ settings: describe(after).split('\n') }),
    }, (await announcementRecipients(trx, game)).map((r) => r.person));
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'calendar.settings', detail: { before, after } });
    return { ok: true, text: `${game.id} (from the next turn on)\n${describe(after)}`, json: { game: game.id, ...after } };
  });
}
