/**
 * An independent count of the B.6 (a)–(e) breaks of a seating, written the plain way (all pairs of
 * seated players, all pairs of teams), for the tests to compare with `broken`. Each break is a key
 * string: `a:p1,p2`, `b:p1,p2`, `c:p`, `d:p1,p2`, `e:t1,t2` (repeated once per board beyond the first).
 */
import type { AssignInput, AssignOutput } from '../../../src/tournament/assign/index.js';

const pair = (x: string, y: string) => (x < y ? `${x},${y}` : `${y},${x}`);

export function recount(input: AssignInput, output: AssignOutput): string[] {
  const team = new Map(input.players.map((p) => [p.id, p.team]));
  const seats: { player: string; power: string; board: string }[] = [];
  for (const b of output.boards) for (const [power, player] of Object.entries(b.seats)) seats.push({ player, power, board: b.board });
  const keys: string[] = [];
  for (let i = 0; i < seats.length; i++)
    for (let j = i + 1; j < seats.length; j++) {
      const x = seats[i]!;
      const y = seats[j]!;
      const mates = team.get(x.player) != null && team.get(x.player) === team.get(y.player);
      if (input.teamRound && mates && x.power === y.power) keys.push(`a:${pair(x.player, y.player)}`);
      if (mates && x.board === y.board) keys.push(`b:${pair(x.player, y.player)}`);
      if (x.board === y.board && input.history.some((h) => Object.values(h.seats).includes(x.player) && Object.values(h.seats).includes(y.player)))
        keys.push(`d:${pair(x.player, y.player)}`);
    }
  for (const s of seats) if (input.history.some((h) => (h.seats as Record<string, string>)[s.power] === s.player)) keys.push(`c:${s.player}`);
  const teams = [...new Set(input.players.map((p) => p.team).filter((t): t is string => t !== null))].sort();
  for (let i = 0; i < teams.length; i++)
    for (let j = i + 1; j < teams.length; j++) {
      const meetings = output.boards.filter((b) => {
        const here = Object.values(b.seats).map((p) => team.get(p));
        return here.includes(teams[i]!) && here.includes(teams[j]!);
      }).length;
      for (let k = 1; k < meetings; k++) keys.push(`e:${teams[i]},${teams[j]}`);
    }
  return keys.sort();
}

/** The keys of `broken` in the same form. */
export function brokenKeys(output: AssignOutput): string[] {
  return output.broken
    .map((b) => {
      const letter = b.rule.slice(4, 5);
      if (letter === 'c') return `c:${b.players[0]}`;
      if (letter === 'e') return `e:${[...b.teams!].sort().join(',')}`;
      return `${letter}:${pair(b.players[0]!, b.players[1]!)}`;
    })
    .sort();
}

/** Every player seated exactly once, on boards of seven powers. */
export function seatedOnce(input: AssignInput, output: AssignOutput): boolean {
  const seated = output.boards.flatMap((b) => Object.values(b.seats));
  const ids = input.players.map((p) => p.id);
  return output.boards.every((b) => Object.keys(b.seats).length === 7) && seated.length === ids.length && new Set(seated).size === ids.length && ids.every((id) => seated.includes(id));
}
