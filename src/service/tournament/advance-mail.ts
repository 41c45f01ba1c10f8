/**
 * The TD's correction of an advancement by email (issue 26 item 11): the same as `mailjudge
 * tournament advance <slug> --round N --correct` (correct-advancement.ts), sent by the TD from the
 * TD's registered address (identity checked as for every TD command: DMARC or the TD's secret) to the
 * address of any finished game of the tournament:
 *
 *   ADVANCE CORRECT ROUND 1
 *   IN ann@example.org
 *   OUT bob@example.org
 *   REASON appeal upheld: the F1908 adjudication of board 7 is corrected
 *   RULE C.7(d), on appeal (A.3(v))          (optional)
 *
 * Answered to the TD with what was done or every problem; the players, captains and TD are mailed as
 * the CLI mails them.
 */
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { findTournament } from '../../db/tournaments.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import type { ReceiveOutcome } from '../../mail/inbound/intake.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import type { CommandForm } from '../../rules/command-form.js';
import { correctAdvancement, type AdvancementCorrectionArgs } from './correct-advancement.js';
import { ensureDiceSeed } from './dice-seed.js';
import { computeStandings } from './standings.js';

const HEAD = /^advance\s+correct\s+round\s+(\S+)\s*$/i;
const FORM = 'ADVANCE CORRECT ROUND <n>, then lines IN <address>, OUT <address>, REASON <the ruling> and optionally RULE <rule>';

/** The form as docs/reference.md lists it, with an example {@link readAdvanceCorrection} reads whole. */
export const ADVANCE_CORRECTION_FORM: CommandForm = {
  form: 'ADVANCE CORRECT ROUND <n>',
  example: 'ADVANCE CORRECT ROUND 1\nIN ann@example.org\nOUT bob@example.org\nREASON appeal upheld: board 7 corrected',
};

/** Whether a message's text asks for an advancement correction. Pure. */
export function asksAdvanceCorrection(text: string): boolean {
  return readBodyLines(text).lines.some((l) => HEAD.test(l.text.trim()));
}

/** Read the correction's lines: its arguments, or every problem with its line. Pure. */
export function readAdvanceCorrection(text: string): { args?: AdvancementCorrectionArgs; round?: number; problems: string[] } {
  const problems: string[] = [];
  let round: number | undefined;
  const putIn: string[] = [];
  const takeOut: string[] = [];
  let reason = '';
  let rule: string | undefined;
  for (const l of readBodyLines(text).lines) {
    const line = l.text.trim();
    if (line === '') continue;
    let m: RegExpExecArray | null;
    if ((m = HEAD.exec(line))) {
      const n = Number(m[1]);
      if (!Number.isInteger(n) || n < 1 || n > 3) problems.push(`line ${l.no}: "${line}": the round is a number, 1 to 3 (the round the players go on from, B.1)`);
      else round = n;
    } else if ((m = /^in\s*:?\s+(.+)$/i.exec(line))) putIn.push(...m[1]!.split(/[,;\s]+/).filter(Boolean));
    else if ((m = /^out\s*:?\s+(.+)$/i.exec(line))) takeOut.push(...m[1]!.split(/[,;\s]+/).filter(Boolean));
    else if ((m = /^(?:reason|because)\s*:?\s+(.+)$/i.exec(line))) reason = reason ? `${reason} ${m[1]!.trim()}` : m[1]!.trim();
    else if ((m = /^rule\s*:?\s+(.+)$/i.exec(line))) rule = m[1]!.trim();
    else problems.push(`line ${l.no}: "${line}" is not part of the correction (${FORM})`);
  }
  if (round === undefined && problems.length === 0) problems.push(`no ADVANCE CORRECT ROUND <n> line (${FORM})`);
  if (putIn.length === 0 && takeOut.length === 0) problems.push('no IN or OUT line: name the players put in and taken out, one address per line (IN ann@example.org)');
  if (reason === '') problems.push('no REASON line: say why (the ruling, as the players will read it)');
  if (problems.length > 0 || round === undefined) return { problems, ...(round !== undefined ? { round } : {}) };
  return { args: { round, putIn, takeOut, reason, ...(rule ? { rule } : {}) }, round, problems };
}

/** A TD's correction sent to a finished game of the tournament (identity checked by the caller). */
export async function receiveTdAdvanceMail(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, td: Person, game: Game, evidence: Record<string, unknown>): Promise<ReceiveOutcome> {
  const text = stripSecretLines(mail.text);
  const read = readAdvanceCorrection(text);
  const t = (await findTournament(db, game.tournamentId!))!;
  const answer = await mayReply(db, ctx, td.email);
  const label = `ADVANCE CORRECT ROUND ${read.round ?? '?'}`;
  if (read.args) {
    const seed = await db.transaction().execute((trx) => ensureDiceSeed(trx, t, `person:${td.id}`));
    const s = await computeStandings(db, t, seed, ctx.now, read.args.round);
    await db.transaction().execute(async (trx) => {
      const out = await correctAdvancement(trx, t, s, read.args!, { actor: `person:${td.id}`, now: ctx.now, fromAddress: ctx.fromAddress, decidedBy: `the TD ${td.name} <${td.email}>, by email` });
      await decide(trx, rec, { outcome: 'command', reason: out.ok ? 'td: advance correct' : 'td: advance correct refused', fromAddress: td.email, gameId: game.id, personId: td.id, identity: evidence, replied: answer });
      if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'gm-reply', { game: gameView(game), results: out.ok ? [`${label}: done.`, out.text] : [`${label}: refused, nothing changed:`, ...out.problems.map((p) => `  - ${p}`)], help: false, fromTd: true }, { key: 'td', gameId: game.id });
    });
    return { kind: 'command', inboundId: rec.inboundId, gameId: game.id };
  }
  const results = [`${label}: refused, nothing changed:`, ...read.problems.map((p) => `  - ${p}`)];
  await db.transaction().execute(async (trx) => {
    await decide(trx, rec, { outcome: 'command', reason: 'td: advance correct refused (unreadable)', fromAddress: td.email, gameId: game.id, personId: td.id, identity: evidence, replied: answer });
    if (answer) await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'gm-reply', { game: gameView(game), results, help: false, fromTd: true }, { key: 'td', gameId: game.id });
  });
  return { kind: 'command', inboundId: rec.inboundId, gameId: game.id };
}
