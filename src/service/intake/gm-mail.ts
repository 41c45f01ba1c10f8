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
import { runAbsence } from '../gm/absence.js';
import { runReplace } from '../gm/replace.js';
import { rollbackPhase } from '../rollback-phase.js';
import { findTds } from '../game-people.js';
import { sendNotice } from '../notify.js';
import { formatGmt } from '../command-result.js';
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
    const run = { actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress, byMail: true };
    for (const c of read.commands) {
      if (c.kind === 'process') {
        const label = `PROCESS ${c.phase}${c.override !== undefined ? ' OVERRIDE' : ''}`;
        if (locked.status !== 'active' || !phase || phase.adjudicatedAt) results.push(`${label}: refused, no phase is open for orders.`);
        else if (c.phase !== phase.name) results.push(`${label}: refused, the open phase is ${phase.name}; give its name to process it.`);
        else {
          // D.VII(2): the same rule and override as `mailjudge process`, in this message's transaction.
          const r = await runProcess(trx, { gameId: locked.id, phase: c.phase, ...(c.override !== undefined ? { override: c.override } : {}), via: 'email' }, run);
          results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused. ${r.problems.join('; ')}`);
        }
      } else if (c.kind === 'status') showStatus = true;
      else if (c.kind === 'extend' || c.kind === 'deadline') {
        // The same actions as `mailjudge extend` / `mailjudge deadline`, in this message's transaction:
        // they happen exactly once, with the decision, and every player is told (as njudge did).
        const r = c.kind === 'extend'
          ? await runExtend(trx, { gameId: locked.id, ...(c.hours !== undefined ? { hours: c.hours } : {}), ...(c.power ? { power: c.power as Power } : {}), uncharged: false, refuse: c.refuse }, run)
          : await runSetDeadline(trx, { gameId: locked.id, at: new Date(c.at), ...(c.consent ? { consent: 'given by email to the GM' } : {}) }, run);
        const label = c.kind === 'extend' ? (c.refuse ? `REFUSE EXTENSION ${c.power}` : `EXTEND${c.power ? ` ${c.power}` : ''}${c.hours !== undefined ? ` ${c.hours}` : ''}`) : `DEADLINE ${c.at}`;
        results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
      } else if (c.kind === 'absence') {
        // The same as `mailjudge absence`: recorded, the player and the GM told, audit-logged (D.VII(2)).
        const label = `ABSENCE ${c.power}${c.clear ? ' CLEAR' : ` ${c.from!.day} ${c.from!.time} TO ${c.to!.day} ${c.to!.time}${c.zone ? ` ${c.zone}` : ''}`}`;
        const r = await runAbsence(trx, { gameId: locked.id, power: c.power as Power, ...(c.from ? { from: c.from } : {}), ...(c.to ? { to: c.to } : {}), ...(c.zone ? { zone: c.zone } : {}), clear: c.clear }, run);
        results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
      } else if (c.kind === 'replace') {
        // The same as `mailjudge replace` (B.7, B.8): every player told, the replacement gets the game-start mail.
        const label = `REPLACE ${c.power}${c.endTemporary ? ' BACK' : ` ${c.email} ${c.name}${c.untilPhase ? ` UNTIL ${c.untilPhase}` : ''}`}`;
        const r = await runReplace(trx, { gameId: locked.id, power: c.power as Power, ...(c.email ? { email: c.email } : {}), ...(c.name ? { name: c.name } : {}), ...(c.untilPhase ? { untilPhase: c.untilPhase } : {}), endTemporary: c.endTemporary, reason: 'by the GM, by email' }, run);
        results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
      } else if (c.kind === 'rollback') {
        // D.VIII(1): only with the TD's express consent, which the GM quotes; the TD gets a copy of the
        // announcement at once, so a consent the TD never gave is seen by the TD the same minute.
        const label = `ROLLBACK ${c.phase}`;
        const r = await rollbackPhase(trx, { gameId: locked.id, phase: c.phase, tdApproval: `${c.tdApproval} (quoted by the GM ${gm.name} <${gm.email}> by email)`, actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress, byMail: true });
        if (r.ok) {
          await sendNotice(trx, ctx.fromAddress, {
            game: locked, template: 'rollback-notice', key: `rollback-td:${locked.id}:${r.phase}.g${r.generation}`,
            context: (zone) => ({ phase: r.phase, withdrawn: r.withdrawn, tdApproval: `${c.tdApproval} (quoted by the GM ${gm.name} <${gm.email}> by email: tell the GM at once if you did not give it)`, deadline: formatDeadline(r.deadline, zone) }),
          }, await findTds(trx, locked));
        }
        results.push(r.ok ? `${label}: reopened as generation ${r.generation} with the deadline ${formatGmt(r.deadline)}; withdrawn: ${r.withdrawn.join(', ')}; ${r.carried} standing set(s) carried; ${r.notified} notices queued, the TD copied.` : `${label}: refused, ${r.problem}`);
      }
    }
    for (const u of read.unknown) results.push(`line ${u.line}: "${u.text}" is not a command the judge knows (PROCESS <phase> [OVERRIDE <why>], STATUS, EXTEND <hours>, EXTEND <power> [hours], REFUSE EXTENSION <power>, DEADLINE <instant> [CONSENT], ABSENCE <power> <day hh:mm> TO <day hh:mm> [zone] | CLEAR, REPLACE <power> <email> <name> [UNTIL <phase>] | BACK, ROLLBACK <phase> TD-APPROVAL <who, when, why>, HELP).`);
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
