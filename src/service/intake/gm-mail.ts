/**
 * Mail from a game's GM (verified like any sender): njudge-style commands — `PROCESS S1901M`
 * (adjudicate now if D.VII(2) allows; the phase name guards against mistakes; `OVERRIDE <why>` sets
 * the rule aside, recorded and announced), `STATUS` (who has ordered, Final or
 * preliminary, when; never the orders), `EXTEND`, `REFUSE EXTENSION`, `DEADLINE`, `HELP`. The CLI
 * offers the same (`mailjudge process`, `game show`, `extend`, `deadline`). Every command is
 * answered, logged, and a changed deadline is announced to every player.
 */
import { lockGame, type Game } from '../../db/games.js';
import { findOrderSetStatus } from '../../db/order-sets.js';
import type { Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { readGmCommands } from '../../diplomacy/conduct/gm-commands.js';
import { runExtend } from '../gm/extend.js';
import { runSetDeadline } from '../gm/deadline.js';
import type { Power } from '../../diplomacy/index.js';
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import { runProcess } from '../gm/process.js';
import { powersWithOrders } from '../powers-to-order.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';

export async function receiveGmMail(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, gm: Person, game: Game, evidence: Record<string, unknown>): Promise<ReceiveOutcome> {
  // Line 0 is the subject: read only as a whole command (a subject "deadline" is a title).
  const read = readGmCommands(readBodyLines(stripSecretLines(`${mail.subject}\n${mail.text}`)).lines.map((l) => ({ line: l.no - 1, text: l.text, subject: l.no === 1 })));
  const answer = await mayReply(db, ctx, gm.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const locked = (await lockGame(trx, game.id))!;
    const phase = await findPhase(trx, locked.id, locked.currentPhase);
    const results: string[] = [];
    let showStatus = false;
    for (const c of read.commands) {
      if (c.kind === 'process') {
        const label = `PROCESS ${c.phase}${c.override !== undefined ? ' OVERRIDE' : ''}`;
        if (locked.status !== 'active' || !phase || phase.adjudicatedAt) results.push(`${label}: refused, no phase is open for orders.`);
        else if (c.phase !== phase.name) results.push(`${label}: refused, the open phase is ${phase.name}; give its name to process it.`);
        else {
          // D.VII(2): the same rule and override as `mailjudge process`, in this message's transaction.
          const r = await runProcess(trx, { gameId: locked.id, phase: c.phase, ...(c.override !== undefined ? { override: c.override } : {}), via: 'email' }, { actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress });
          results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused. ${r.problems.join('; ')}`);
        }
      } else if (c.kind === 'status') showStatus = true;
      else if (c.kind === 'extend' || c.kind === 'deadline') {
        // The same actions as `mailjudge extend` / `mailjudge deadline`, in this message's transaction:
        // they happen exactly once, with the decision, and every player is told (as njudge did).
        const run = { actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress };
        const r = c.kind === 'extend'
          ? await runExtend(trx, { gameId: locked.id, ...(c.hours !== undefined ? { hours: c.hours } : {}), ...(c.power ? { power: c.power as Power } : {}), uncharged: false, refuse: c.refuse }, run)
          : await runSetDeadline(trx, { gameId: locked.id, at: new Date(c.at), ...(c.consent ? { consent: 'given by email to the GM' } : {}) }, run);
        const label = c.kind === 'extend' ? (c.refuse ? `REFUSE EXTENSION ${c.power}` : `EXTEND${c.power ? ` ${c.power}` : ''}${c.hours !== undefined ? ` ${c.hours}` : ''}`) : `DEADLINE ${c.at}`;
        results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
      }
    }
    for (const u of read.unknown) results.push(`line ${u.line}: "${u.text}" is not a command the judge knows (PROCESS <phase> [OVERRIDE <why>], STATUS, EXTEND <hours>, EXTEND <power> [hours], REFUSE EXTENSION <power>, DEADLINE <instant> [CONSENT], HELP).`);
    const help = read.commands.length === 0 || read.commands.some((c) => c.kind === 'help');
    let status: object | undefined;
    if (showStatus && phase) {
      const sets = await findOrderSetStatus(trx, locked.id, phase.name);
      status = {
        phaseName: phase.name, deadline: formatDeadline(phase.deadline, gm.timeZone),
        powers: powersWithOrders(phase.stateBefore).map((p) => {
          const s = sets.find((x) => x.power === p);
          return { power: p, state: s ? (s.final ? 'FINAL' : 'preliminary') : 'no orders', at: s ? gmtSeconds(s.receivedAt) : '', sets: s?.sets ?? 0 };
        }),
      };
    }
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'gm-reply', { game: gameView(locked), results, status, help }, { key: 'gm', gameId: locked.id });
    await decide(trx, rec, { outcome: 'command', reason: read.commands.map((c) => (c.kind === 'process' ? `process ${c.phase}${c.override !== undefined ? ' override' : ''}` : c.kind)).join(', ') || 'gm: no command', fromAddress: gm.email, gameId: locked.id, personId: gm.id, identity: evidence, replied: answer });
    return { kind: 'command', inboundId: rec.inboundId, gameId: locked.id };
  });
}
