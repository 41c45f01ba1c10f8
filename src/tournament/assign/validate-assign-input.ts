/**
 * The checks on an assignment request that a JSON schema cannot make: every problem, each naming
 * the field and saying how to fix it. Returns problems, never throws. Pure.
 */
import { POWERS } from '../powers.js';
import type { AssignInput } from './types.js';

export function validateAssignInput(input: AssignInput): string[] {
  const problems: string[] = [];
  const n = input.players.length;
  if (n === 0) problems.push('players: no players to seat (give a multiple of 7)');
  else if (n % 7 !== 0) problems.push(`players: ${n} players is not a multiple of 7 (every board seats seven); add ${7 - (n % 7)} or remove ${n % 7}`);
  const seen = new Map<string, number>();
  input.players.forEach((p, i) => {
    const first = seen.get(p.id);
    if (first !== undefined) problems.push(`players[${i}].id: "${p.id}" is already players[${first}]; every player is seated once`);
    else seen.set(p.id, i);
    if (p.power !== undefined && input.round !== 1)
      problems.push(`players[${i}].power: powers are chosen by the team in round 1 only (B.5); in round ${input.round} leave it out and they are assigned at random`);
  });
  if (input.round === 1 && n % 7 === 0) {
    const boards = n / 7;
    for (const power of POWERS) {
      const chosen = input.players.filter((p) => p.power === power).length;
      if (chosen > boards) problems.push(`players: ${chosen} players chose ${power} but there ${boards === 1 ? 'is 1 board' : `are ${boards} boards`}, each with one ${power}`);
    }
  }
  input.history.forEach((h, i) => {
    if (h.round >= input.round) problems.push(`history[${i}].round: ${h.round} is not an earlier round than ${input.round}`);
    const seated = Object.values(h.seats).filter((p): p is string => p !== undefined);
    const twice = seated.filter((p, j) => seated.indexOf(p) !== j);
    if (twice.length > 0) problems.push(`history[${i}].seats: "${twice[0]}" holds two powers on board ${h.board}`);
  });
  return problems;
}
