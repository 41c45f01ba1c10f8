/**
 * Mail from a game's GM, or from a TD of its tournament who plays no power in it (verified like any
 * sender; the TD's commands: HOLIDAY, APPROVE/REFUSE ROLLBACK, an immediate ROLLBACK, and the
 * read-only STATUS, HOLIDAYS, HELP). The GM's njudge-style commands — `PROCESS S1901M`
 * (adjudicate now if D.VII(2) allows; the phase name guards against mistakes; `OVERRIDE <why>` sets
 * the rule aside, recorded and announced), `STATUS` (who has ordered, Final or
 * preliminary, when; never the orders), `EXTEND`, `REFUSE EXTENSION`, `DEADLINE`, `HELP`. The CLI
 * offers the same (`mailjudge process`, `game show`, `extend`, `deadline`), and every other CLI
 * action on one game: ABSENCE, REPLACE, CALENDAR, AGREE/DISAGREE (D.IX(5)), ROLLBACK (a request to
 * the TD, D.VIII(1)). Each calls the same service function as the CLI, in this message's
 * transaction. Every command is answered, logged, and announced where the CLI announces it.
 */
import { lockGame, type Game } from '../../db/games.js';
import { findOrderSetStatus } from '../../db/order-sets.js';
import type { Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { readGmCommands, type CalendarSettingsAsked, type GmCommand } from '../../diplomacy/conduct/gm-commands.js';
import { runCalendarSettings } from '../gm/settings.js';
import { runAgreeProposal } from '../gm/agree-proposal.js';
import { houseRuleLines } from '../diplomacy/gm-waiting.js';
import { runHolidayCreate, runHolidayList } from '../gm/holiday.js';
import { findTournament } from '../../db/tournaments.js';
import { runExtend } from '../gm/extend.js';
import { runSetDeadline } from '../gm/deadline.js';
import type { Power } from '../../diplomacy/index.js';
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import { runProcess } from '../gm/process.js';
import { runAbsence } from '../gm/absence.js';
import { runReplace } from '../gm/replace.js';
import { rollbackPhase } from '../diplomacy/rollback-phase.js';
import { answerRollbackRequest, describePendingRollback, requestRollback } from '../diplomacy/rollback-request.js';
import { formatGmt } from '../command-result.js';
import { powersWithOrders } from '../diplomacy/powers-to-order.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';
import { grantText, issueWebLink } from '../web-link.js';

/** What the sender is to the game: its GM, a TD of its tournament, or both. */
export interface SenderRoles {
  readonly gm: boolean;
  readonly td: boolean;
}


/** The commands only the GM gives (a TD who is not the game's GM is refused them, with the reason). */
const GM_ONLY: readonly GmCommand['kind'][] = ['process', 'extend', 'deadline', 'absence', 'replace', 'calendar', 'agree'];

export async function receiveGmMail(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, gm: Person, game: Game, evidence: Record<string, unknown>, roles: SenderRoles = { gm: true, td: false }): Promise<ReceiveOutcome> {
  // Line 0 is the subject: read only as a whole command (a subject "deadline" is a title).
  const bodyLines = readBodyLines(stripSecretLines(`${mail.subject}\n${mail.text}`)).lines.map((l) => ({ line: l.no - 1, text: l.text, subject: l.no === 1 }));
  const read = readGmCommands(bodyLines);
  const answer = await mayReply(db, ctx, gm.email);
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const locked = (await lockGame(trx, game.id))!;
    const phase = await findPhase(trx, locked.id, locked.currentPhase);
    const results: string[] = [];
    let showStatus = false;
    const run = { actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress, byMail: true };
    for (const c of read.commands) {
      if (!roles.gm && GM_ONLY.includes(c.kind)) {
        results.push(`${c.kind.toUpperCase()}: refused, only the GM of ${locked.id} gives this command; you are the TD (ask the GM, or use the command line).`);
        continue;
      }
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
      else if (c.kind === 'web') {
        // Issue 31: a sign-in link, to the registered address alone (this reply); the TD's sees everything.
        const grant = roles.td ? { role: 'td' as const, personId: gm.id, tournamentId: locked.tournamentId } : { role: 'gm' as const, personId: gm.id };
        const link = await issueWebLink(trx, grant, { issuedBy: `mail:${rec.inboundId}`, now: ctx.now });
        results.push(link
          ? `WEB: your sign-in link to the read-only web view (${grantText(grant)}); it works once, until ${formatDeadline(link.expiresAt, gm.timeZone).gmt}, and opens a page with a Sign in button:\n  ${link.url}`
          : 'WEB: this judge does not serve a web view (its operator has not set MAILJUDGE_WEB_LISTEN).');
      }
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
        // D.VIII(1): "only ... with the express consent of the TD". From the TD it is that consent, and the
        // rollback is made now (the same as `mailjudge rollback`). From the GM it is a request, recorded
        // as pending, and the TD is asked to answer by the TD's own mail; an approval the GM quotes
        // (TD-APPROVAL, the earlier form) goes to the TD with it, and no longer rolls back by itself.
        const label = `ROLLBACK ${c.phase}`;
        if (roles.td) {
          const note = c.tdApproval ?? c.reason;
          const r = await rollbackPhase(trx, { gameId: locked.id, phase: c.phase, tdApproval: `${note || 'given'} (the TD ${gm.name} <${gm.email}>, by email)`, actor: `person:${gm.id}`, now: ctx.now, fromAddress: ctx.fromAddress, byMail: true });
          results.push(r.ok ? `${label}: reopened as generation ${r.generation} with the deadline ${formatGmt(r.deadline)}; withdrawn: ${r.withdrawn.join(', ')}; ${r.carried} standing set(s) carried; every player and the GM told (${r.notified} notices).` : `${label}: refused, ${r.problem}`);
        } else {
          const reason = [c.reason, c.tdApproval ? `the GM quotes the TD's approval: "${c.tdApproval}" (confirm it with your answer)` : ''].filter(Boolean).join('; ');
          const r = await requestRollback(trx, { gameId: locked.id, phase: c.phase, reason, requester: `${gm.name} <${gm.email}>`, inboundMessageId: rec.inboundId }, run);
          results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
        }
      } else if (c.kind === 'rollback-answer') {
        // D.VIII(1): the TD's own answer to the GM's pending request (the same as `mailjudge rollback-request`).
        const label = `${c.approve ? 'APPROVE' : 'REFUSE'} ROLLBACK ${c.phase}`;
        if (!roles.td) results.push(`${label}: refused, only the TD consents to a rollback (D.VIII(1)), from the TD's registered address.`);
        else {
          const r = await answerRollbackRequest(trx, { gameId: locked.id, phase: c.phase, approve: c.approve, note: c.note, answeredBy: `the TD ${gm.name} <${gm.email}>, by email` }, run);
          results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
        }
      } else if (c.kind === 'calendar') {
        // The same as `mailjudge calendar` (D.VII(4)(a)): shown, or changed and announced to every player.
        const v = c.settings;
        const label = `CALENDAR${calendarLabel(v)}`;
        if (c.problems.length > 0) results.push(`${label}: refused, nothing changed: ${c.problems.join('; ')}`);
        else {
          const r = await runCalendarSettings(trx, {
            gameId: locked.id,
            turnHours: { ...(v.movementHours !== undefined ? { M: v.movementHours } : {}), ...(v.retreatHours !== undefined ? { R: v.retreatHours } : {}), ...(v.adjustmentHours !== undefined ? { A: v.adjustmentHours } : {}) },
            ...(v.reminders !== undefined ? { reminders: v.reminders } : {}),
            ...(v.digests !== undefined ? { digests: v.digests } : {}),
            ...(v.digestTimes !== undefined ? { digestTimes: v.digestTimes } : {}),
          }, run);
          results.push(r.ok ? `${label}: ${r.text}${calendarLabel(v) ? '\nEvery player has been told.' : ''}` : `${label}: refused, ${r.problems.join('; ')}`);
        }
      } else if (c.kind === 'agree') {
        // D.IX(5): the same as `mailjudge proposal agree`: recorded, announced to every player, audit-logged.
        const label = `${c.agrees ? 'AGREE' : 'DISAGREE'}${c.proposalId !== undefined ? ` #${c.proposalId}` : ''}${c.rule ? ` ${c.rule}` : ''}`;
        const r = await runAgreeProposal(trx, { gameId: locked.id, agrees: c.agrees, ...(c.proposalId !== undefined ? { proposalId: c.proposalId } : {}), ...(c.rule ? { rule: c.rule } : {}), inboundMessageId: rec.inboundId }, run);
        results.push(r.ok ? `${label}: ${r.text}` : `${label}: refused, ${r.problems.join('; ')}`);
      } else if (c.kind === 'holidays') {
        // The same as `mailjudge holiday list`, for the holidays that apply to this game (D.VII(5)).
        const r = await runHolidayList(trx, { tournamentId: locked.tournamentId });
        results.push(r.ok ? `HOLIDAYS:\n${r.text}` : `HOLIDAYS: ${r.problems.join('; ')}`);
      } else if (c.kind === 'holiday') {
        const label = `HOLIDAY ${c.name}`;
        // D.VII(5): "The TD may decree that certain international holidays are eligible for extensions".
        if (!roles.td) results.push(`${label}: refused, only the TD decrees holidays (D.VII(5)); the TD may send this line from the TD's registered address, or run mailjudge holiday create.`);
        else if (c.problems.length > 0) results.push(`${label}: refused, ${c.problems.join('; ')}`);
        else {
          const slug = locked.tournamentId === null ? undefined : (await findTournament(trx, locked.tournamentId))?.slug;
          const r = await runHolidayCreate(trx, { name: c.name, from: new Date(c.from!), to: new Date(c.to!), ...(c.maxHours !== undefined ? { maxHours: c.maxHours } : {}), ...(slug ? { tournament: slug } : {}) }, run);
          results.push(r.ok ? `${label}: ${r.text} Every game it applies to has been told.` : `${label}: refused, ${r.problems.join('; ')}`);
        }
      }
    }
    // Issue 28: a line the judge could not read is named, and the commands follow (HELP).
    const unread = read.commands.length === 0 && read.unknown.length === 0
      ? bodyLines.filter((l) => !l.subject && l.text.trim() !== '').slice(0, 5)
      : read.unknown;
    for (const u of unread) results.push(`line ${u.line}: "${u.text.trim()}" is not a command the judge knows; nothing was done (the commands are below).`);
    if (read.commands.length === 0 && unread.length === 0) results.push('Your message held no command; the commands are listed below.');
    const help = read.commands.length === 0 || unread.length > 0 || read.commands.some((c) => c.kind === 'help');
    let status: object | undefined;
    if (showStatus && phase) {
      const sets = await findOrderSetStatus(trx, locked.id, phase.name);
      status = {
        phaseName: phase.name, deadline: formatDeadline(phase.deadline, gm.timeZone),
        powers: powersWithOrders(phase.stateBefore).map((p) => {
          const s = sets.find((x) => x.power === p);
          return { power: p, state: s ? (s.final ? 'FINAL' : 'preliminary') : 'no orders', at: s ? gmtSeconds(s.receivedAt) : '', sets: s?.sets ?? 0 };
        }),
        rollback: await describePendingRollback(trx, locked, ctx.now),
        // D.IX(5): the house-rule proposals open, with the GM's answer that stands now.
        proposals: await houseRuleLines(trx, locked.id, ctx.now),
      };
    }
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'gm-reply', { game: gameView(locked), results, status, help, fromTd: !roles.gm }, { key: 'gm', gameId: locked.id });
    await decide(trx, rec, { outcome: 'command', reason: read.commands.map((c) => (c.kind === 'process' ? `process ${c.phase}${c.override !== undefined ? ' override' : ''}` : c.kind)).join(', ') || 'gm: no command', fromAddress: gm.email, gameId: locked.id, personId: gm.id, identity: evidence, replied: answer });
    return { kind: 'command', inboundId: rec.inboundId, gameId: locked.id };
  });
}

/** ` MOVEMENT 72 REMINDERS 48,24`: the settings a CALENDAR line asked for, as the reply echoes them. Pure. */
function calendarLabel(v: CalendarSettingsAsked): string {
  const list = (l: readonly (number | string)[]) => (l.length ? l.join(',') : 'NONE');
  return [
    v.movementHours !== undefined ? ` MOVEMENT ${v.movementHours}` : '',
    v.retreatHours !== undefined ? ` RETREAT ${v.retreatHours}` : '',
    v.adjustmentHours !== undefined ? ` ADJUSTMENT ${v.adjustmentHours}` : '',
    v.reminders !== undefined ? ` REMINDERS ${list(v.reminders)}` : '',
    v.digests !== undefined ? ` DIGESTS ${list(v.digests)}` : '',
    v.digestTimes !== undefined ? ` DIGEST-TIMES ${list(v.digestTimes)}` : '',
  ].join('');
}
