/**
 * The standings as people read them (a table, each tie with the criterion that broke it), as CSV and
 * as JSON. The same text goes to the TD's terminal and into the STANDINGS mail.
 */
import type { BrokenTie, Ranking } from '../../tournament/rank/rank-with-tie-breaks.js';
import type { RoundResult } from '../../tournament/advance/index.js';
import { POWERS } from '../../tournament/powers.js';
import type { RoundStanding, Stage, Standings } from './standings.js';

/** A score as shown: up to two decimals, no trailing zeros (`41`, `4.5`, `0.89`). */
export function showScore(x: number): string {
  return String(Math.round(x * 100) / 100);
}

const STAGE: Record<Stage, string> = {
  'team-round-1': 'team round 1',
  'team-round-2': 'team round 2',
  'semi-final': 'the semi-final',
  final: 'the final',
};

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function padLeft(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

/** Render rows as aligned columns (numbers right-aligned). */
function table(header: readonly string[], rows: readonly (readonly string[])[], right: ReadonlySet<number>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((c, i) => (right.has(i) ? padLeft(c, widths[i]!) : pad(c, widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

export function tieLines(ranking: { ties: readonly BrokenTie[]; unbroken: readonly { ids: readonly string[]; place: number }[]; rolls: readonly { total: number; purpose: string }[] }, name: (id: string) => string): string[] {
  const out: string[] = [];
  for (const t of ranking.ties) {
    const last = t.place + t.ids.length - 1;
    out.push(`  places ${t.place}–${last}: ${t.ids.map(name).join(', ')} tied; ${t.rule} (${t.criterion}) put them ${t.groups.map((g) => g.map(name).join(' = ')).join(' > ')}`);
  }
  for (const u of ranking.unbroken) out.push(`  place ${u.place}: ${u.ids.map(name).join(', ')} still tied after every criterion: they share the place`);
  return out;
}

export interface StandingRow {
  readonly place: number;
  readonly player: string;
  readonly name: string;
  readonly team: string | null;
  readonly game: string;
  readonly power: string;
  readonly centres: number;
  readonly bonus: number;
  readonly score: number;
  readonly credits: number | null;
  readonly round1Half: number | null;
  readonly total: number;
  readonly advancing: boolean;
}

/** The rows of a round's ranking. */
export function standingRows(s: Standings, r: RoundStanding): StandingRow[] {
  const advancing = new Set(r.advancing);
  return r.ranking.entries.map((e) => {
    const it = e.item as RoundResult & { credits?: number; round1Score?: number };
    const credits = r.stage === 'team-round-1' ? it.credits ?? 0 : null;
    const half = r.stage === 'team-round-2' ? (it.round1Score ?? 0) / 2 : null;
    const total = r.stage === 'final' ? it.centres : it.score + (credits ?? 0) + (half ?? 0);
    return {
      place: e.place, player: e.id, name: s.people.names.get(e.id) ?? e.id, team: it.team, game: it.game, power: it.power,
      centres: it.centres, bonus: it.bonus, score: it.score, credits, round1Half: half, total, advancing: advancing.has(e.id),
    };
  });
}

function roundTitle(s: Standings, r: RoundStanding): string {
  const running = r.records.boards.filter((b) => !b.closed);
  const state = running.length === 0 ? 'final' : `provisional: ${running.length} of ${r.records.boards.length} game${r.records.boards.length > 1 ? 's' : ''} still running, scored on the current centre counts (B.3)`;
  return `${s.tournament.name} (${s.tournament.slug}): round ${r.round}, ${STAGE[r.stage]}, ranked by ${r.rule} — ${state}`;
}

/** The teams shown in a mail's table of a large round (C.6's credits go to the top ten). */
export const TEAMS_SHOWN = 10;

/** The tied place a roll was made for (`… (tied for place 12)`), or undefined. */
function rollPlace(purpose: string): number | undefined {
  const m = / \(tied for place (\d+)\)$/.exec(purpose);
  return m ? Number(m[1]) : undefined;
}

/** A roll's recorded purpose ends with the id of the entry it was rolled for, and the tied place if any. */
const ROLLED_FOR = /: (\S+)( \(tied for place \d+\))?$/;

/** The entry a roll was made for (the id its purpose ends with). */
function rollFor(purpose: string): string | undefined {
  return ROLLED_FOR.exec(purpose)?.[1];
}

/**
 * Whether a mail shows `r` in part (the first `limit` rows, the ties and dice of those places, the top
 * ten teams) with the whole in attached files: a round with more players than `limit`. At 147 teams
 * the whole report is ~200 KB of text (1,029 rows, every tie, 1,100 dice rolls, 343 names advancing):
 * more than anyone reads in a mail, and 200 MB for the round's 1,029 readers (the rehearsal).
 */
export function standingsInPart(s: Standings, r: RoundStanding, limit: number | undefined): boolean {
  return limit !== undefined && r.ranking.entries.length > limit;
}

/** The readable standings of one round: the whole, or with `limit` the part a mail shows (standingsInPart). */
export function standingsText(s: Standings, r: RoundStanding, limit?: number): string {
  const name = (id: string) => s.people.names.get(id) ?? id;
  const all = standingRows(s, r);
  // Issue 28: the round-close mail shows the top of the table; the whole of it goes as a CSV file.
  const rows = limit !== undefined ? all.slice(0, limit) : all;
  const part = standingsInPart(s, r, limit);
  const shown = (place: number) => !part || place <= rows.length;
  const lines = [roundTitle(s, r), ''];
  const header = ['Place', 'Player', 'Team', 'Game', 'Power', 'Centres', 'Bonus', 'Score'];
  if (r.stage === 'team-round-1') header.push('Credits');
  if (r.stage === 'team-round-2') header.push('Half R1');
  header.push(r.stage === 'final' ? 'Ranked on' : 'Total', '');
  const body = rows.map((x) => {
    const row = [String(x.place), x.name, x.team ?? '-', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score)];
    if (x.credits !== null) row.push(String(x.credits));
    if (x.round1Half !== null) row.push(showScore(x.round1Half));
    row.push(showScore(x.total), x.advancing ? (r.stage === 'semi-final' ? 'to the final' : 'advances') : '');
    return row;
  });
  const right = new Set(header.map((_, i) => i).filter((i) => i === 0 || (i >= 5 && i < header.length - 1)));
  lines.push(...table(header, body, right));
  if (rows.length < all.length) lines.push(`(the first ${rows.length} of ${all.length}; the whole table is in the attached CSV file)`);
  if (r.stage === 'final' && rows[0]) lines.push('', `Winner of the tournament (C.11): ${rows[0].name}`);
  else if (r.stage === 'semi-final' && r.semi) lines.push('', `To the final (C.9, the highest scorer of each board): ${r.semi.qualifiers.map(name).join(', ')}`);
  else if (part && r.advancing.length > rows.length) lines.push('', advancingInPart(all, r));
  else lines.push('', `Advancing (${r.advancing.length}): ${r.advancing.map(name).join(', ') || 'none'}`);
  const ties = [...tieLinesWhere(r.ranking, name, shown)];
  if (r.semi) for (const [game, board] of r.semi.boards) ties.push(...tieLines(board, name).map((l) => `${l} (board ${game})`));
  const allTies = r.ranking.ties.length + r.ranking.unbroken.length;
  if (part && allTies > 0) lines.push('', `Ties broken: ${allTies} in all, every one in the attached report; ${ties.length > 0 ? `those among the first ${rows.length} places:` : `none among the first ${rows.length} places.`}`, ...ties);
  else lines.push('', ties.length > 0 ? 'Ties broken:' : 'No ties to break.', ...ties);
  if (r.teams) {
    const entries = part ? r.teams.ranking.entries.filter((e) => e.place <= TEAMS_SHOWN) : r.teams.ranking.entries;
    lines.push('', 'Teams after round 1 (C.6; credits 10, 9, … 1 for the top ten):');
    lines.push(...table(['Place', 'Team', 'Total', 'Credits'], entries.map((e) => [String(e.place), e.id, showScore(e.item.scores.reduce((a, b) => a + b, 0)), String([10, 9, 8, 7, 6, 5, 4, 3, 2, 1][e.place - 1] ?? 0)]), new Set([0, 2, 3])).map((l) => `  ${l}`));
    if (entries.length < r.teams.ranking.entries.length) lines.push(`  (the first ${entries.length} of ${r.teams.ranking.entries.length} teams; every team in the attached report)`);
    lines.push(...tieLinesWhere(r.teams.ranking, (id) => id, (place) => !part || place <= TEAMS_SHOWN));
  }
  if (r.teamStandings) lines.push('', ...teamLines(r.teamStandings, `Teams after round 2 (C.12)${r.records.closed ? '' : ', provisional'}:`, part ? TEAMS_SHOWN : undefined));
  const rolls = part ? r.rolls.filter((x) => { const at = rollPlace(x.purpose); return at !== undefined && at <= rows.length; }) : r.rolls;
  if (part && r.rolls.length > 0) lines.push('', `Dice rolled (d100, verifiable): ${r.rolls.length} in all, every one in the attached report${rolls.length > 0 ? `; those for the first ${rows.length} places:` : '.'}`, ...rolls.map((x) => `  ${rollPurpose(x.purpose, name)}: ${x.total} (nonce ${x.nonce})`));
  else if (rolls.length > 0) lines.push('', 'Dice rolled (d100, verifiable):', ...rolls.map((x) => `  ${rollPurpose(x.purpose, name)}: ${x.total} (nonce ${x.nonce})`));
  lines.push('', `Dice commitment (SHA-256 of the tournament's seed): ${s.commitment}`);
  return lines.join('\n');
}

/** Who advances from a large round, in one line: how many, the last place that goes on, where to see them all. */
function advancingInPart(all: readonly StandingRow[], r: RoundStanding): string {
  const going = all.filter((x) => x.advancing);
  const last = going[going.length - 1];
  const first = going.length > 0 && going.every((x, i) => all[i] === x);
  const where = 'each marked "yes" in the attached CSV file';
  if (!last) return 'Advancing (0): none';
  return first
    ? `Advancing (${going.length}): the first ${going.length} places, down to ${last.name} (${ordinal(last.place)}, ${showScore(last.total)}); ${where}.`
    : `Advancing (${going.length}): not the first ${going.length} places alone (the TD's record, ${r.rule}–C.10), the last of them ${last.name} (${ordinal(last.place)}, ${showScore(last.total)}); ${where}.`;
}

/** {@link tieLines} of the ties (and places still shared) whose first place `keep` accepts. */
function tieLinesWhere(ranking: Parameters<typeof tieLines>[0], name: (id: string) => string, keep: (place: number) => boolean): string[] {
  return tieLines({ ties: ranking.ties.filter((t) => keep(t.place)), unbroken: ranking.unbroken.filter((u) => keep(u.place)), rolls: ranking.rolls }, name);
}

/**
 * What a reader of a large round's mail (standingsInPart) would otherwise look for in the attached
 * report: their team's place (C.6 after round 1, C.12 after round 2), the tie their place was in and
 * the rule that broke it, the dice rolled for them. Empty for someone not ranked in the round.
 */
export function yourDetails(s: Standings, r: RoundStanding, id: string): string[] {
  const name = (x: string) => s.people.names.get(x) ?? x;
  const entry = r.ranking.entries.find((e) => e.id === id);
  if (!entry) return [];
  const out: string[] = [];
  const team = (entry.item as RoundResult).team;
  if (team && r.teams) {
    const t = r.teams.ranking.entries.find((e) => e.id === team);
    const credits = t ? [10, 9, 8, 7, 6, 5, 4, 3, 2, 1][t.place - 1] ?? 0 : 0;
    if (t) out.push(`Your team, ${team}, is ${ordinal(t.place)} of ${r.teams.ranking.entries.length} after round 1 with ${showScore(t.item.scores.reduce((a, b) => a + b, 0))}: ${credits > 0 ? `${credits} credits for each of its players (C.6)` : 'no credits (C.6: the top ten teams only)'}.`);
  }
  if (team && r.teamStandings) {
    const t = r.teamStandings.entries.find((e) => e.id === team);
    if (t) out.push(`Your team, ${team}, is ${ordinal(t.place)} of ${r.teamStandings.entries.length} after round 2 (C.12).`);
  }
  const tie = r.ranking.ties.find((t) => t.ids.includes(id));
  const shared = r.ranking.unbroken.find((u) => u.ids.includes(id));
  if (tie || shared) out.push('Your place was tied:', ...tieLines({ ties: tie ? [tie] : [], unbroken: shared ? [shared] : [], rolls: [] }, name));
  const mine = r.rolls.filter((x) => rollFor(x.purpose) === id);
  if (mine.length > 0) out.push('Dice rolled for you (d100, verifiable):', ...mine.map((x) => `  ${rollPurpose(x.purpose, name)}: ${x.total} (nonce ${x.nonce})`));
  return out;
}

/** A roll's recorded purpose ends with the id of the entry it was rolled for: shown with the player's name. */
export function rollPurpose(purpose: string, name: (id: string) => string): string {
  return purpose.replace(ROLLED_FOR, (_, id: string, tail: string | undefined) => `: ${name(id)}${tail ?? ''}`);
}

export function teamLines(ranking: Ranking<{ team: string; round1: readonly number[]; round2: readonly number[] }>, title: string, limit?: number): string[] {
  const total = (t: { round1: readonly number[]; round2: readonly number[] }) => [...t.round1, ...t.round2].reduce((a, b) => a + b, 0);
  const entries = limit !== undefined ? ranking.entries.filter((e) => e.place <= limit) : ranking.entries;
  return [
    title,
    ...table(['Place', 'Team', 'Round 1', 'Round 2', 'Total'], entries.map((e) => [String(e.place), e.id, showScore(e.item.round1.reduce((a, b) => a + b, 0)), showScore(e.item.round2.reduce((a, b) => a + b, 0)), showScore(total(e.item))]), new Set([0, 2, 3, 4])).map((l) => `  ${l}`),
    ...(entries.length < ranking.entries.length ? [`  (the first ${entries.length} of ${ranking.entries.length} teams; every team in the attached report)`] : []),
    ...tieLinesWhere(ranking, (id) => id, (place) => limit === undefined || place <= limit),
  ];
}

function csvCell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One round's ranking as CSV (one line per player, a header first). */
export function standingsCsv(s: Standings, r: RoundStanding): string {
  const tieOf = new Map<string, string>();
  for (const t of r.ranking.ties) for (const id of t.ids) tieOf.set(id, `${t.rule} ${t.criterion}`);
  const head = ['place', 'player', 'email', 'team', 'game', 'power', 'centres', 'bonus', 'score', 'credits', 'round1_half', 'total', 'advancing', 'tie_broken_by'];
  const lines = [head.join(',')];
  for (const x of standingRows(s, r)) {
    lines.push([String(x.place), x.name, s.people.emails.get(x.player) ?? '', x.team ?? '', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score), x.credits === null ? '' : String(x.credits), x.round1Half === null ? '' : showScore(x.round1Half), showScore(x.total), x.advancing ? 'yes' : 'no', tieOf.get(x.player) ?? ''].map(csvCell).join(','));
  }
  return lines.join('\n');
}

/** One round's ranking as JSON data. */
export function standingsJson(s: Standings, r: RoundStanding): unknown {
  const name = (id: string) => s.people.names.get(id) ?? id;
  return {
    tournament: s.tournament.slug,
    round: r.round,
    stage: r.stage,
    rule: r.rule,
    closed: r.records.closed,
    provisional: !r.records.closed,
    games: r.records.boards,
    standings: standingRows(s, r).map((x) => ({ ...x, score: Math.round(x.score * 1e9) / 1e9 })),
    advancing: r.advancing.map(name),
    ties: r.ranking.ties.map((t) => ({ players: t.ids.map(name), place: t.place, rule: t.rule, criterion: t.criterion, groups: t.groups.map((g) => g.map(name)) })),
    unbroken: r.ranking.unbroken.map((u) => ({ players: u.ids.map(name), place: u.place })),
    teams: r.teams ? r.teams.ranking.entries.map((e) => ({ place: e.place, team: e.id, total: e.item.scores.reduce((a, b) => a + b, 0) })) : undefined,
    rolls: r.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, total: x.total })),
    commitment: s.commitment,
  };
}

/** The trophies (C.11–C.13): the individual winner, the team winner, the best countries. */
export function trophiesText(s: Standings): string {
  const name = (id: string) => s.people.names.get(id) ?? id;
  const lines = [`${s.tournament.name} (${s.tournament.slug}): winners and trophies`, ''];
  const final = s.rounds.find((r) => r.stage === 'final');
  lines.push(final && final.ranking.entries[0] ? `Individual winner (C.11): ${name(final.ranking.entries[0].id)}${final.records.closed ? '' : ' (provisional: the final is still running)'}` : 'Individual winner (C.11): the final has not been played yet');
  lines.push(...(final ? tieLines(final.ranking, name) : []));
  if (s.teamRanking && s.teamRanking.entries[0]) {
    const state = s.teamProvisional ? ` (provisional: ${s.teamProvisional})` : '';
    lines.push('', s.teamProvisional ? `Team winner (C.12): not decided yet; leading ${s.teamRanking.entries[0].id}${state}` : `Team winner (C.12): ${s.teamRanking.entries[0].id}`, ...teamLines(s.teamRanking, `Team standings (C.12)${state}:`));
  }
  if (s.countries) {
    lines.push('', `Best country (C.13, rounds 1 and 2)${s.countriesProvisional ? ` — provisional: ${s.countriesProvisional}` : ''}:`);
    for (const p of POWERS) {
      const best = s.countries[p].entries[0];
      lines.push(`  ${pad(p, 8)} ${best ? `${name(best.item.player)}, ${showScore(best.item.score)} in ${best.item.game} (round ${best.item.round})` : 'nobody played it'}`);
      lines.push(...tieLines(s.countries[p], (id) => { const [, player, game] = id.split(':'); return `${name(player!)} (${game})`; }).filter((l) => l.includes('places 1–')).map((l) => `    ${l.trim()}`));
    }
    const rolls = Object.values(s.countries).flatMap((r) => r.rolls);
    if (rolls.length > 0) lines.push('', 'Dice rolled (d100, verifiable):', ...rolls.map((x) => `  ${x.purpose}: ${x.total} (nonce ${x.nonce})`));
  }
  lines.push('', `Dice commitment (SHA-256 of the tournament's seed): ${s.commitment}`);
  return lines.join('\n');
}

/** The whole table of one round as CSV for the round-close mail: no addresses (they are the TD's CSV's), CRLF as RFC 4180. */
export function standingsMailCsv(s: Standings, r: RoundStanding): string {
  const rows = standingRows(s, r);
  const header = ['place', 'player', 'team', 'game', 'power', 'centres', 'bonus', 'score', 'total', 'advances'];
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const body = rows.map((x) => [String(x.place), x.name, x.team ?? '', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score), showScore(x.total), x.advancing ? 'yes' : 'no']);
  return [header, ...body].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** "You are 12th of 297, 45.5 points: you advance (C.7)." for the player `id`, or undefined when not ranked. */
export function whereYouStand(s: Standings, r: RoundStanding, id: string, rows: readonly StandingRow[] = standingRows(s, r)): string | undefined {
  const me = rows.find((x) => x.player === id);
  if (!me) return undefined;
  const tied = rows.filter((x) => x.place === me.place).length > 1;
  const go = r.stage === 'final' ? (me.place === 1 ? ': you win the tournament (C.11)' : '') : me.advancing ? `: you ${r.stage === 'semi-final' ? 'go to the final' : 'advance'} (${r.rule})` : `: you do not advance (${r.rule})`;
  return `You are ${tied ? 'tied ' : ''}${ordinal(me.place)} of ${rows.length}, with ${showScore(me.total)} (${me.game}, ${me.power}, ${me.centres} centres)${go}.`;
}

function ordinal(n: number): string {
  const t = n % 100;
  const suffix = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}
