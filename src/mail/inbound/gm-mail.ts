/**
 * Mail from a game's GM (verified like any sender): njudge-style commands — `PROCESS S1901M`
 * (adjudicate now; the phase name guards against mistakes), `STATUS` (who has ordered, Final or
 * preliminary, when; never the orders), `HELP`. The CLI offers the same (`mailjudge process`,
 * `mailjudge game show`). Every command is answered and logged.
 */
import { lockGame, type Game } from '../../db/games.js';
import { findOrderSetStatus } from '../../db/order-sets.js';
import type { Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { readGmCommands } from '../../rules/gm-commands.js';
import { readBodyLines } from '../../rules/sheet/index.js';
import { processNow } from '../../worker/scheduler.js';
import { powersWithOrders } from '../../worker/tasks/adjudicate-phase.js';
import { formatDeadline } from '../outbound/report-context.js';
import { decide, type Received } from './decide.js';
import { stripSecretLines } from './identity.js';
import type { InboundMail } from './parse-message.js';
import { gameView, gmtSeconds, type ReceiveOutcome } from './receive-message.js';
import { mayReply, queueReply, type ReplyContext } from './reply.js';

export async function receiveGmMail(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, gm: Person, game: Game, evidence: Record<string, unknown>): Promise<ReceiveOutcome> {
  const read = readGmCommands(readBodyLines(stripSecretLines(`${mail.subject}\n${mail.text}`)).lines.map((l) => ({ line: l.no - 1, text: l.text })));
  const answer = await mayReply(db, ctx, gm.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const locked = (await lockGame(trx, game.id))!;
    const phase = await findPhase(trx, locked.id, locked.currentPhase);
    const results: string[] = [];
    let showStatus = false;
    for (const c of read.commands) {
      if (c.kind === 'process') {
        if (locked.status !== 'active' || !phase || phase.adjudicatedAt) results.push(`PROCESS ${c.phase}: refused, no phase is open for orders.`);
        else if (c.phase !== phase.name) results.push(`PROCESS ${c.phase}: refused, the open phase is ${phase.name}; give its name to process it.`);
        else {
          await processNow(trx, locked.id, phase.name, ctx.now);
          results.push(`PROCESS ${c.phase}: ${phase.name} will be adjudicated now; the results follow by email.`);
        }
      } else if (c.kind === 'status') showStatus = true;
    }
    for (const u of read.unknown) results.push(`line ${u.line}: "${u.text}" is not a command the judge knows (PROCESS <phase>, STATUS, HELP).`);
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
    await decide(trx, rec, { outcome: 'command', reason: read.commands.map((c) => (c.kind === 'process' ? `process ${c.phase}` : c.kind)).join(', ') || 'gm: no command', fromAddress: gm.email, gameId: locked.id, personId: gm.id, identity: evidence, replied: answer });
    return { kind: 'command', inboundId: rec.inboundId, gameId: locked.id };
  });
}
