/**
 * Correcting a round's advancement after a ruling (issue 26 item 11): the TD, "the point of contact
 * for appeals brought to the TMC" (A.3(v)), or carrying out a TMC decision (A.6), takes players in or
 * out of the list `tournament advance` recorded (C.7–C.10). The recorded list is never rewritten: each
 * change is a correction of its own (round_advancement_corrections, 0025), audit-logged in the
 * tamper-evident log (`tournament.advance-correct`) and mailed to those it affects — the player put
 * in, the player taken out, their team captains and the TD — saying what changed, why and under which
 * rule.
 *
 * Refused once the next round's games exist: they were seated from the list as it stood (B.5, B.6) and
 * their players told; the answer says what the TD can do instead (a replacement in the seat, B.7,
 * C.14; the TMC, A.5, A.6). A correction keeps the number going on: the next round's boards are fixed
 * (B.4: round 2's boards; 7 per semi-final board; C.9: one finalist per semi-final board).
 */
import { appendAudit } from '../../db/audit-log.js';
import { findTournamentGames } from '../../db/games.js';
import { outboxKey } from '../../db/outbox.js';
import { findPerson, type Person } from '../../db/people.js';
import { findCurrentPositions } from '../../db/positions.js';
import type { Trx } from '../../db/schema.js';
import { findRecordedAdvancements, findRoundAdvancements, insertAdvancementCorrection, type Tournament } from '../../db/tournaments.js';
import { queueMail } from '../../mail/outbound/queue-mail.js';
import { problems, type CommandResult } from '../command-result.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { distinctPeople, findCaptain, findTds } from '../game-people.js';
import type { Standings } from './standings.js';

export interface AdvancementCorrectionArgs {
  readonly round: number;
  /** Addresses of the players put in. */
  readonly putIn: readonly string[];
  /** Addresses of the players taken out. */
  readonly takeOut: readonly string[];
  /** Why: the ruling, as the players will read it. */
  readonly reason: string;
  /** The rule the ruling applies (`C.7(d), on appeal`); default: the round's advancement rule, corrected on appeal (A.3(v)). */
  readonly rule?: string;
}

export interface CorrectionContext {
  readonly actor: string;
  readonly now: Date;
  readonly fromAddress: string;
  /** Who decided, as the mails name them (`the TD Jane Roe <jane@x>`); default: the tournament's TD(s). */
  readonly decidedBy?: string;
}

/**
 * Correct the advancement from `a.round` of `t`, given the tournament's standings up to that round
 * (computed by the caller from the games' records). In the caller's transaction.
 */
export async function correctAdvancement(trx: Trx, t: Tournament, s: Standings, a: AdvancementCorrectionArgs, ctx: CorrectionContext): Promise<CommandResult> {
  const r = s.rounds.find((x) => x.round === a.round);
  const cmd = `mailjudge tournament advance ${t.slug} --round ${a.round}`;
  if (!r) return problems([`${t.slug} has no games in round ${a.round}: there is no advancement to correct`]);
  const recorded = await findRecordedAdvancements(trx, t.id, a.round);
  if (recorded.length === 0) return problems([`the advancement from round ${a.round} is not recorded yet: record it first with ${cmd}; a correction changes a recorded advancement`]);
  const name = (id: string) => s.people.names.get(id) ?? id;
  const email = (id: string) => s.people.emails.get(id) ?? '';
  const byEmail = new Map([...s.people.emails].map(([id, e]) => [e.toLowerCase(), id]));
  const place = new Map(r.ranking.entries.map((e) => [e.id, e.place]));
  const next = a.round + 1;

  // The next round under way: its seats were drawn from the list as it stood; refused, with what to do instead.
  const started = (await findTournamentGames(trx, t.id)).filter((g) => g.roundNumber === next);
  if (started.length > 0) {
    const list = [
      `round ${next} of ${t.slug} has started: its ${started.length} game(s) (${started.map((g) => g.id).join(', ')}) were created from the advancement as recorded and seated from it (B.5, B.6), and their players told; the judge does not change who goes on under a round in play.`,
    ];
    const ins = a.putIn.map((e) => byEmail.get(e.toLowerCase())).filter((x): x is string => x !== undefined);
    for (const e of a.takeOut) {
      const id = byEmail.get(e.toLowerCase());
      if (!id) continue;
      for (const g of started) {
        const seat = (await findCurrentPositions(trx, g.id)).find((p) => String(p.personId) === id);
        if (!seat) continue;
        const who = ins.length === 1 ? { email: email(ins[0]!), name: name(ins[0]!) } : { email: '<address>', name: '<name>' };
        list.push(`instead: ${name(id)} plays ${seat.power} on ${g.id}. If the ruling is that ${who.name === '<name>' ? 'another player' : who.name} takes that seat, its GM records it as a replacement (B.7): mailjudge replace ${g.id} ${seat.power} --email ${who.email} --name "${who.name}" --reason "${a.reason.replace(/"/g, "'")}" (by mail to ${g.address}: REPLACE ${seat.power} ${who.email} ${who.name}); the newcomer is credited the seasons they play (C.14), in full if before ${g.id}'s first results.`);
      }
    }
    list.push(`or bring the appeal to the TMC (A.5, A.6), whose decision binds; the TD then carries it out in the games as above.`);
    return problems(list);
  }

  const going = new Set((await findRoundAdvancements(trx, t.id, a.round)).filter((x) => x.status !== 'declined').map((x) => String(x.personId)));
  const list: string[] = [];
  if (a.reason.trim() === '') list.push('--reason: say why (the ruling, as the players will read it), e.g. --reason "appeal upheld: the F1908 adjudication of r1-b7 is corrected"');
  if (a.putIn.length === 0 && a.takeOut.length === 0) list.push('--in <address> and --out <address>: name the players put in and taken out');
  const ids = (flag: string, emails: readonly string[], check: (id: string, e: string) => string | undefined): string[] => {
    const out: string[] = [];
    for (const e of emails) {
      const id = byEmail.get(e.toLowerCase());
      if (!id) { list.push(`${flag} ${e}: not a player of ${t.slug}`); continue; }
      if (out.includes(id)) { list.push(`${flag} ${e}: named twice`); continue; }
      const problem = check(id, e);
      if (problem) list.push(`${flag} ${e}: ${problem}`);
      else out.push(id);
    }
    return out;
  };
  const putIn = ids('--in', a.putIn, (id) => {
    if (going.has(id)) return `${name(id)} goes on to round ${next} already`;
    // C.15: a player advances on their own counting game's score in this round; one with none has no place.
    if (!place.has(id)) return `${name(id)} has no place in round ${a.round}'s ranking (${r.rule}): they played no game of it (C.15)`;
    return undefined;
  });
  const takeOut = ids('--out', a.takeOut, (id) => (going.has(id) ? undefined : `${name(id)} does not go on to round ${next}${place.has(id) ? ` (place ${place.get(id)} in round ${a.round})` : ''}`));
  for (const id of putIn) if (takeOut.includes(id)) list.push(`${email(id)} is both put in and taken out`);
  if (list.length === 0 && putIn.length !== takeOut.length) {
    list.push(`${putIn.length} put in and ${takeOut.length} taken out: round ${next} has a fixed number of places (${going.size}: B.4 fixes the boards, seven players each; C.9 one finalist per semi-final board), so put in as many as you take out${putIn.length > takeOut.length ? ` (the last going on by ${r.rule}: ${[...going].sort((x, y) => (place.get(y) ?? 0) - (place.get(x) ?? 0)).slice(0, 3).map((id) => `${name(id)} <${email(id)}>, place ${place.get(id)}`).join('; ')})` : ''}`);
  }
  if (list.length > 0) return problems(list);

  const rule = a.rule?.trim() || `${r.rule} (advancement from round ${a.round}), corrected on appeal to the TD (A.3(v))`;
  const tds = await findTds(trx, { tournamentId: t.id });
  const decidedBy = ctx.decidedBy ?? (tds.length > 0 ? `the TD ${tds.map((p) => `${p.name} <${p.email}>`).join(', ')}` : 'the Tournament Director');
  for (const [change, people] of [['out', takeOut], ['in', putIn]] as const) {
    for (const id of people) {
      await insertAdvancementCorrection(trx, t.id, { round: a.round, personId: Number(id), change, place: place.get(id) ?? null, reason: a.reason.trim(), rule, decidedBy: ctx.actor, decidedAt: ctx.now });
    }
  }
  const describe = (id: string) => `${name(id)} <${email(id)}> (${s.people.teamOf(id) ? `team ${s.people.teamOf(id)}` : 'no team'}; place ${place.get(id)} in round ${a.round} by ${r.rule})`;
  const changes = [...putIn.map((id) => `IN:  ${describe(id)}`), ...takeOut.map((id) => `OUT: ${describe(id)}`)];
  const goingNow = going.size - takeOut.length + putIn.length;
  await appendAudit(trx, {
    actor: ctx.actor,
    action: 'tournament.advance-correct',
    detail: {
      tournament: t.slug, round: a.round, reason: a.reason.trim(), rule, decidedBy,
      in: putIn.map((id) => ({ name: name(id), email: email(id), place: place.get(id) })),
      out: takeOut.map((id) => ({ name: name(id), email: email(id), place: place.get(id) })),
      goingOn: goingNow,
    },
  });

  // Those affected: the players, their captains (B.8(a): the captain answers for the team), the TD(s).
  const mails: { person: Person; opening: string }[] = [];
  const tournament = `${t.name} (${t.slug})`;
  for (const id of putIn) {
    const p = await findPerson(trx, Number(id));
    if (p) mails.push({ person: p, opening: `${p.name}, after a ruling you now go on from round ${a.round} to round ${next} of ${tournament}.` });
  }
  for (const id of takeOut) {
    const p = await findPerson(trx, Number(id));
    if (p) mails.push({ person: p, opening: `${p.name}, after a ruling you no longer go on from round ${a.round} to round ${next} of ${tournament}.` });
  }
  for (const id of [...putIn, ...takeOut]) {
    const captain = await findCaptain(trx, { tournamentId: t.id }, Number(id));
    if (captain) mails.push({ person: captain, opening: `${captain.name}, as captain of team ${s.people.teamOf(id)}: after a ruling, who of your team goes on from round ${a.round} to round ${next} of ${tournament} has changed.` });
  }
  for (const td of tds) mails.push({ person: td, opening: `${td.name}, your correction of the advancement from round ${a.round} of ${tournament} is recorded and announced.` });
  const sent = new Set<number>();
  const context = {
    tournament: { slug: t.slug, name: t.name }, round: a.round, next, changes, reason: a.reason.trim(), rule, decidedBy, at: formatDeadline(ctx.now, undefined).gmt, goingOn: goingNow, judge: ctx.fromAddress,
    summary: [...putIn.map((id) => `${name(id)} in`), ...takeOut.map((id) => `${name(id)} out`)].join(', '),
  };
  for (const m of mails) {
    if (sent.has(m.person.id)) continue;
    sent.add(m.person.id);
    // One mail per person: a captain of two players affected, or a TD who captains, reads one opening.
    await queueMail(trx, ctx.fromAddress, {
      dedupeKey: outboxKey('advance-correct', t.slug, a.round, ctx.now.toISOString(), m.person.email),
      gameId: null,
      template: 'advancement-corrected',
      context: { ...context, opening: m.opening },
      to: m.person.email,
    });
  }
  const told = distinctPeople(mails.map((m) => m.person));
  const text = [
    `Advancement from round ${a.round} of ${t.slug} corrected (${rule}): ${goingNow} player(s) go on to round ${next}.`,
    ...changes.map((c) => `  ${c}`),
    `Why: ${a.reason.trim()}`,
    `Audit-logged (tournament.advance-correct); told by mail: ${told.map((p) => `${p.name} <${p.email}>`).join(', ')}.`,
    `Round ${next} is seated from the corrected list: mailjudge tournament assign ${t.slug} --round ${next}`,
  ].join('\n');
  return {
    ok: true, text,
    json: { tournament: t.slug, round: a.round, rule, reason: a.reason.trim(), in: putIn.map((id) => ({ name: name(id), email: email(id), place: place.get(id) })), out: takeOut.map((id) => ({ name: name(id), email: email(id), place: place.get(id) })), goingOn: goingNow, told: told.map((p) => p.email) },
  };
}
