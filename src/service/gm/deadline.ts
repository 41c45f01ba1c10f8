/**
 * `mailjudge deadline <game> --at <instant> [--consent-recorded [note]] [--reason …]`: the GM sets the
 * open phase's deadline (D.VII(4)(a): "The GM may speed up or slow down the timing"). Refused inside
 * a declared window (D.VII(2)); a turn shorter than the minimum (3 days movement, 1 day retreats and
 * adjustments, counted from the publication that opened it) needs the surviving players' consent,
 * which `--consent-recorded` records. Announced to everyone, audit-logged, the job moved.
 */
import { insertDeadlineConsent } from '../../db/deadline-consents.js';
import type { Db } from '../../db/schema.js';
import { blockedIntervals, checkTurnLength, type UnavailableWindow } from '../../diplomacy/calendar/index.js';
import { formatGmt, problems, type CommandResult } from '../command-result.js';
import { findLastPublication, loadCalendarInputs } from '../diplomacy/calendar-facts.js';
import { moveDeadline } from '../diplomacy/move-deadline.js';
import type { RunContext } from '../command-result.js';
import { inTransaction } from '../../db/in-transaction.js';
import { lockOpenTurn } from './open-turn.js';
import { recordedCommand } from '../recorded-command.js';

export interface DeadlineArgs {
  readonly gameId: string;
  readonly at: Date;
  /** `true` or the GM's note of how consent was given. */
  readonly consent?: string | true;
  readonly reason?: string;
}

/** The powers whose windows cover `at`. Pure. */
export function windowsCovering(at: Date, windows: readonly UnavailableWindow[]): string[] {
  const t = at.getTime();
  return [...new Set(windows.filter((w) => blockedIntervals([w], t, t).some((i) => i.start <= t && t < i.end)).map((w) => w.power))];
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runSetDeadline(db: Db, a: DeadlineArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'deadline', a.gameId, a, ctx, (trx, c) => runSetDeadlineNow(trx, a, c));
}

async function runSetDeadlineNow(db: Db, a: DeadlineArgs, ctx: RunContext): Promise<CommandResult> {
  if (a.at.getTime() <= ctx.now.getTime()) return problems([`--at ${a.at.toISOString()} has passed; give a future instant`]);
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const turn = await lockOpenTurn(trx, a.gameId);
    if (!turn.ok) return problems([turn.problem]);
    const { game, phase } = turn;
    const inputs = await loadCalendarInputs(trx, game);
    const covering = windowsCovering(a.at, inputs.windows);
    const list: string[] = [];
    if (covering.length > 0) list.push(`${formatGmt(a.at)} falls inside the unavailable window of ${covering.join(', ')}; no deadline may be set inside one (D.VII(2))`);
    const opened = (await findLastPublication(trx, game.id)) ?? phase.createdAt;
    const consented = await trx.selectFrom('deadline_consents').select('id').where('game_id', '=', game.id).where('phase', '=', phase.name).executeTakeFirst();
    // D.VII(4)(a): the same check as the first deadline at `game create`.
    const length = checkTurnLength({
      phase: phase.name, kind: phase.stateBefore.phase.kind, opened, deadline: a.at, consented: Boolean(a.consent || consented),
      howToConsent: 'add --consent-recorded "<how and when they agreed>" (by email: DEADLINE <instant> CONSENT)',
    });
    const short = length.short;
    if (length.problem) list.push(length.problem);
    if (list.length > 0) return problems(list);
    if (short && a.consent) {
      await insertDeadlineConsent(trx, { gameId: game.id, phase: phase.name, note: a.consent === true ? 'consent of every surviving player, recorded by the GM' : a.consent, recordedBy: ctx.actor, recordedAt: ctx.now });
    }
    await moveDeadline(trx, {
      game, phase: phase.name, from: phase.deadline, to: a.at, reason: a.reason ? `set by the GM: ${a.reason}` : 'set by the GM',
      actor: ctx.actor, action: 'deadline.set', detail: { shortened: short, consent: short ? (a.consent === true ? 'recorded' : a.consent ?? 'on record') : null }, now: ctx.now, fromAddress: ctx.fromAddress,
    });
    return {
      ok: true,
      text: `${game.id} ${phase.name}: deadline ${formatGmt(phase.deadline)} → ${formatGmt(a.at)}; every player and the GM have been told.${short ? ' (Below the minimum, with the players\' consent on record.)' : ''}`,
      json: { game: game.id, phase: phase.name, from: phase.deadline.toISOString(), to: a.at.toISOString(), shortened: short },
    };
  });
}
