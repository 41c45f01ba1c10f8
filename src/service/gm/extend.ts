/**
 * `mailjudge extend <game> --hours N [--for POWER] [--uncharged] [--refuse] [--reason …]` (D.VII(5),
 * D.VII(4)(a)). Without `--for`: the GM's own extension — uncharged, at any time (the GM "may … slow
 * down the timing"). With `--for`: the GM's answer to that position's request (or a discretionary
 * extension for it): decided by the same rule as a player's mail (the guaranteed extension, the
 * 7-day cap), charged unless `--uncharged`. `--refuse --for` refuses a pending request.
 */
import { appendAudit } from '../../db/audit-log.js';
import { insertExtension } from '../../db/extensions.js';
import { findPerson } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { nextAllowedPublication, type UnavailableWindow } from '../../diplomacy/calendar/index.js';
import { formatGmt, problems, type CommandResult } from '../command-result.js';
import { loadCalendarInputs } from '../diplomacy/calendar-facts.js';
import { findPendingRequest, handleExtensionRequest } from '../diplomacy/extension-request.js';
import { findActingPlayers } from '../game-people.js';
import { moveDeadline } from '../diplomacy/move-deadline.js';
import { sendNotice, when } from '../notify.js';
import type { RunContext } from '../command-result.js';
import { inTransaction } from '../../db/in-transaction.js';
import { lockOpenTurn } from './open-turn.js';
import { recordedCommand } from '../recorded-command.js';

export interface ExtendArgs {
  readonly gameId: string;
  readonly hours?: number;
  readonly power?: Power;
  readonly uncharged: boolean;
  readonly refuse: boolean;
  readonly reason?: string;
}

const HOUR = 3_600_000;

/**
 * `deadline + hours` exactly — an extension is what it says — unless a window covers that instant:
 * then the end of the window, on a whole hour (D.VII(2)). Pure.
 */
export function extendedDeadline(deadline: Date, hours: number, windows: readonly UnavailableWindow[]): Date {
  const t = new Date(deadline.getTime() + hours * HOUR);
  const at = nextAllowedPublication(t, windows) ?? t;
  return at.getTime() === t.getTime() ? t : new Date(Math.ceil(at.getTime() / HOUR) * HOUR);
}

/** `1 hour`, `24 hours`. Pure. */
export function hoursText(n: number): string {
  return `${n} hour${n === 1 ? '' : 's'}`;
}

/** Logged for `mailjudge reproduce` unless it came by email (recorded-command.ts). */
export async function runExtend(db: Db, a: ExtendArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'extend', a.gameId, a, ctx, (trx, c) => runExtendNow(trx, a, c));
}

async function runExtendNow(db: Db, a: ExtendArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const turn = await lockOpenTurn(trx, a.gameId);
    if (!turn.ok) return problems([turn.problem]);
    const { game, phase } = turn;
    if (a.power) {
      const pending = await findPendingRequest(trx, game.id, a.power);
      const person = (await findActingPlayers(trx, game.id)).get(a.power) ?? (pending?.personId ? await findPerson(trx, pending.personId) : undefined);
      if (a.refuse) {
        if (!pending) return problems([`${a.power} has no extension request waiting for your decision`]);
        await insertExtension(trx, {
          gameId: game.id, phase: phase.name, power: a.power, personId: pending.personId, requestedAt: pending.requestedAt, hoursRequested: pending.hoursRequested,
          decision: 'refused', hoursGranted: 0, charged: false, guaranteed: false, holiday: null, oldDeadline: phase.deadline, newDeadline: null,
          reason: `the GM has declined a further extension (D.VII(5))${a.reason ? `; ${a.reason}` : ''}`, answersId: pending.id, decidedBy: ctx.actor, decidedAt: ctx.now,
        });
        if (person) {
          await sendNotice(trx, ctx.fromAddress, {
            game, template: 'extension-answer', key: `extension-answer:${pending.id}`,
            context: (zone) => ({ phase: phase.name, power: a.power, hours: pending.hoursRequested, granted: false, reason: a.reason, deadline: when(phase.deadline, zone) }),
          }, [person]);
        }
        await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'deadline.extension-refused', detail: { phase: phase.name, power: a.power, request: pending.id, reason: a.reason ?? null } });
        return { ok: true, text: `Refused ${a.power}'s request for ${pending.hoursRequested} hours; the player has been told. The deadline stays ${formatGmt(phase.deadline)}.`, json: { game: game.id, phase: phase.name, power: a.power, decision: 'refused', request: pending.id } };
      }
      const hours = a.hours ?? pending?.hoursRequested;
      if (hours === undefined) return problems([`say how long: --hours N (${a.power} has no request waiting)`]);
      const out = await handleExtensionRequest(trx, {
        game, phase, power: a.power, ...(person ? { person } : {}), hours, at: pending && pending.hoursRequested === hours ? pending.requestedAt : ctx.now,
        gmApproves: true, ...(pending ? { answers: pending.id } : {}), uncharged: a.uncharged, ...(a.reason ? { reason: a.reason } : {}),
        actor: ctx.actor, now: ctx.now, fromAddress: ctx.fromAddress,
      });
      if (out.decision.kind !== 'granted') return problems([`not granted: ${out.decision.message}`]);
      return {
        ok: true,
        text: `${game.id} ${phase.name}: ${out.decision.message}. New deadline ${formatGmt(out.decision.deadline)} (${out.decision.charged ? 'charged to' : 'not charged to'} ${a.power}); every player and the GM have been told.`,
        json: { game: game.id, phase: phase.name, power: a.power, decision: 'granted', hours: out.decision.hours, charged: out.decision.charged, guaranteed: out.decision.guaranteed, deadline: out.decision.deadline.toISOString() },
      };
    }
    if (a.refuse) return problems(['--refuse needs --for <POWER>: the position whose request you refuse']);
    if (a.hours === undefined) return problems(['say how long: --hours N']);
    // D.VII(4)(a): the GM's own extension, uncharged; the new deadline clear of every window (D.VII(2)).
    const inputs = await loadCalendarInputs(trx, game);
    const to = extendedDeadline(phase.deadline, a.hours, inputs.windows);
    await insertExtension(trx, {
      gameId: game.id, phase: phase.name, power: null, personId: null, requestedAt: ctx.now, hoursRequested: a.hours, decision: 'granted',
      hoursGranted: a.hours, charged: false, guaranteed: false, holiday: null, oldDeadline: phase.deadline, newDeadline: to,
      reason: `the GM extends the deadline by ${hoursText(a.hours)} (D.VII(4)(a))${a.reason ? `; ${a.reason}` : ''}`, answersId: null, decidedBy: ctx.actor, decidedAt: ctx.now,
    });
    // D.VII(2): past a player's window the deadline is the window's end, and everyone is told so.
    const exact = new Date(phase.deadline.getTime() + a.hours * HOUR);
    const moved = to.getTime() !== exact.getTime() ? `, then to the end of a player's unavailable window (${formatGmt(exact)} falls inside it, D.VII(2))` : '';
    await moveDeadline(trx, {
      game, phase: phase.name, from: phase.deadline, to, reason: `the GM extends the deadline by ${hoursText(a.hours)}${moved}${a.reason ? `: ${a.reason}` : ''}`,
      actor: ctx.actor, action: 'deadline.extend', detail: { hours: a.hours, charged: false, by: 'GM' }, now: ctx.now, fromAddress: ctx.fromAddress,
    });
    return {
      ok: true,
      text: `${game.id} ${phase.name}: deadline extended by ${hoursText(a.hours)}${moved}, from ${formatGmt(phase.deadline)} to ${formatGmt(to)}; every player and the GM have been told.`,
      json: { game: game.id, phase: phase.name, decision: 'granted', hours: a.hours, charged: false, deadline: to.toISOString() },
    };
  });
}
