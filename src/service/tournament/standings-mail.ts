/**
 * Standings by email: the answer to a player's STANDINGS, and the standings mailed to every player of
 * the tournament when a round closes (all its games finished or at their end year, B.3) — exactly
 * once per player and round (the outbox's dedupe key).
 */
import { findGame, findGameByAddress, type Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { mayReply, queueReply } from '../../mail/inbound/reply.js';
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import type { ReceiveOutcome } from '../../mail/inbound/intake.js';
import { outboxKey } from '../../db/outbox.js';
import type { Db, Trx } from '../../db/schema.js';
import { findTournament, findTournamentMembers, lockRoundClosing } from '../../db/tournaments.js';
import { queueMails, type QueuedMail } from '../../mail/outbound/queue-mail.js';
import type { OutboxAttachment } from '../../db/outbox.js';
import { ensureDiceSeed } from './dice-seed.js';
import { computeStandings, type RoundStanding, type Standings } from './standings.js';
import { standingRows, standingsInPart, standingsMailCsv, standingsText, whereYouStand, yourDetails } from './standings-report.js';

/** Rows of the table shown in the round-close mail; the whole table is attached as CSV (issue 28). */
export const STANDINGS_INLINE_ROWS = 20;

/** A message that asks for the standings and nothing else (a STANDINGS line, or the subject with an empty body). */
export function onlyStandings(text: string, subject: string): boolean {
  const lines = readBodyLines(text).lines.map((l) => l.text.trim()).filter((l) => l !== '');
  const isStandings = (l: string) => /^standings[.!]*$/i.test(l.trim());
  if (lines.length > 0) return lines.every(isStandings);
  return isStandings(subject.replace(/^\s*((re|fwd?|aw|sv)\s*:\s*)+/i, ''));
}

/**
 * STANDINGS sent to the address of a finished tournament game (which takes no other mail): answered
 * to a registered player of that tournament; `undefined` when the message is anything else, so the
 * intake goes on as usual.
 */
export async function answerStandingsToFinishedGame(
  db: Db,
  ctx: { fromAddress: string; now: Date; repliesPerHour?: number },
  rec: Received,
  mail: InboundMail,
  person: Person,
): Promise<ReceiveOutcome | undefined> {
  if (!onlyStandings(mail.text, mail.subject)) return undefined;
  let game: Game | undefined;
  for (const a of [...mail.to, ...mail.cc]) {
    const g = await findGameByAddress(db, a);
    if (g && g.tournamentId !== null && g.status === 'finished') { game = g; break; }
  }
  if (!game || game.tournamentId === null) return undefined;
  const answer = await mayReply(db, ctx, person.email);
  const tournamentId = game.tournamentId;
  const g = game;
  return db.transaction().execute(async (trx) => {
    if (!(await mayAskStandings(trx, tournamentId, person.id))) return undefined;
    const latest = await latestStandings(trx, tournamentId, ctx.now);
    if (answer && latest) {
      const m = standingsMail(latest.s, latest.r, true);
      await queueReply(trx, ctx, { inboundId: rec.inboundId, mail }, 'tournament-standings', { ...m.context, you: youLinesOf(latest.s, latest.r)(person.email) }, { key: 'standings', gameId: g.id, attachments: m.attachments });
    }
    await decide(trx, rec, { outcome: 'command', reason: 'STANDINGS answered (a finished game of the tournament)', fromAddress: person.email, gameId: g.id, personId: person.id, replied: Boolean(answer && latest) });
    return { kind: 'command' as const, inboundId: rec.inboundId, gameId: g.id };
  });
}

/** The template's context for one round's standings (the whole text: the TD's view, small rounds). */
export function standingsMailContext(s: Standings, r: RoundStanding, asked: boolean): object {
  return { tournament: { slug: s.tournament.slug, name: s.tournament.name }, round: r.round, closed: r.records.closed, asked, text: standingsText(s, r) };
}

/**
 * A round's standings as every reader's mail shows them (issue 28): the top of the table inline and
 * the whole as a CSV file; a large round (standingsInPart) shows only the ties, teams and dice of the
 * places shown, the whole report attached as text. The attachments are the same bytes for every
 * reader, stored once (outbox_blobs).
 */
export function standingsMail(s: Standings, r: RoundStanding, asked: boolean): { context: object; attachments: OutboxAttachment[] } {
  const part = standingsInPart(s, r, STANDINGS_INLINE_ROWS);
  const file = (name: string, type: string, text: string): OutboxAttachment => ({ filename: `${s.tournament.slug}-round-${r.round}-${name}`, contentType: type, content: Buffer.from(text, 'utf8').toString('base64') });
  return {
    context: { ...standingsMailContext(s, r, asked), text: standingsText(s, r, STANDINGS_INLINE_ROWS), report: part ? `${s.tournament.slug}-round-${r.round}-standings.txt` : undefined },
    attachments: [
      file('standings.csv', 'text/csv; charset=utf-8', standingsMailCsv(s, r)),
      ...(part ? [file('standings.txt', 'text/plain; charset=utf-8', `${standingsText(s, r)}\n`)] : []),
    ],
  };
}

/**
 * The reader's own lines at the top of the mail: where they stand and, in a large round, their team,
 * tie and dice. Made once per round for all its readers (`youLinesOf(s, r)(email)`).
 */
function youLinesOf(s: Standings, r: RoundStanding): (email: string) => string | undefined {
  const idOf = new Map([...s.people.emails].map(([id, e]) => [e.toLowerCase(), id]));
  const rows = standingRows(s, r);
  const part = standingsInPart(s, r, STANDINGS_INLINE_ROWS);
  return (email) => {
    const id = idOf.get(email.toLowerCase());
    const you = id === undefined ? undefined : whereYouStand(s, r, id, rows);
    return you && [you, ...(part ? yourDetails(s, r, id!) : [])].join('\n');
  };
}

/** Mails queued per statement at a round's close (1,029 readers at 147 teams). */
const STANDINGS_BATCH = 200;

/** Whether `personId` may ask for the standings of `tournamentId`: a member, or a holder of a position in one of its games. */
export async function mayAskStandings(trx: Trx, tournamentId: number, personId: number): Promise<boolean> {
  const member = await trx.selectFrom('tournament_members').select('id').where('tournament_id', '=', tournamentId).where('person_id', '=', personId).executeTakeFirst();
  if (member) return true;
  const held = await trx
    .selectFrom('positions as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select('p.id')
    .where('g.tournament_id', '=', tournamentId)
    .where('p.person_id', '=', personId)
    .executeTakeFirst();
  return held !== undefined;
}

/** The latest round's standings (for a STANDINGS reply), or undefined when the tournament has no games. */
export async function latestStandings(trx: Trx, tournamentId: number, now: Date): Promise<{ s: Standings; r: RoundStanding } | undefined> {
  const t = (await findTournament(trx, tournamentId))!;
  const seed = await ensureDiceSeed(trx, t, 'judge');
  const s = await computeStandings(trx, t, seed, now);
  const r = s.rounds[s.rounds.length - 1];
  return r && { s, r };
}

/**
 * After a game of a tournament round finishes: when every game of its round is over, mail the round's
 * standings to every player of the tournament (members and anyone who held a position in its games).
 * Returns how many mails were queued now (0 when the round is still running or they went before).
 */
export async function mailStandingsIfRoundClosed(trx: Trx, fromAddress: string, gameId: string, now: Date): Promise<number> {
  const game: Game | undefined = await findGame(trx, gameId);
  if (!game || game.tournamentId === null || game.roundNumber === null) return 0;
  // The round's games end in transactions of their own, often at once (one deadline for the round):
  // each has marked its game finished before this point and holds this lock until it commits, so
  // whichever looks last sees every other game's end committed and mails the standings (without the
  // lock, two last games each saw the other still running and nobody mailed them: the rehearsal).
  await lockRoundClosing(trx, game.tournamentId, game.roundNumber);
  // Cheap first: a game of the round still running means nothing to send (no scoring done).
  const running = await trx
    .selectFrom('games')
    .select('id')
    .where('tournament_id', '=', game.tournamentId)
    .where('round_number', '=', game.roundNumber)
    .where('status', '<>', 'finished')
    .executeTakeFirst();
  if (running) return 0;
  const t = (await findTournament(trx, game.tournamentId))!;
  const seed = await ensureDiceSeed(trx, t, 'judge');
  const s = await computeStandings(trx, t, seed, now, game.roundNumber);
  const r = s.rounds.find((x) => x.round === game.roundNumber);
  if (!r || !r.records.closed) return 0;
  const members = await findTournamentMembers(trx, t.id);
  const holders = await trx
    .selectFrom('positions as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select('p.person_id')
    .where('g.tournament_id', '=', t.id)
    .execute();
  const ids = [...new Set([...members.filter((m) => m.role !== 'gm').map((m) => m.personId), ...holders.map((h) => h.person_id)])];
  const people = await trx.selectFrom('people').select(['id', 'email']).where('id', 'in', ids.length > 0 ? ids : [-1]).orderBy('id').execute();
  // Issue 28: each reader sees where they stand first; the top of the table inline, the whole attached.
  const { context, attachments } = standingsMail(s, r, false);
  const youLines = youLinesOf(s, r);
  const mails: QueuedMail[] = people.map((p) => ({ dedupeKey: outboxKey('tournament-standings', t.slug, r.round, p.email.toLowerCase()), gameId: null, template: 'tournament-standings', context: { ...context, you: youLines(p.email) }, to: p.email, attachments }));
  let queued = 0;
  for (let i = 0; i < mails.length; i += STANDINGS_BATCH) queued += (await queueMails(trx, fromAddress, mails.slice(i, i + STANDINGS_BATCH))).filter((q) => q.created).length;
  return queued;
}
