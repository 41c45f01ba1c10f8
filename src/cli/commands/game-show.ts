/**
 * `mailjudge game show <game>`: the game's settings, players, position, open phase and deadline,
 * and which powers have an order set in (preliminary or final). It never shows the orders: it reads
 * only {@link findOrderSetStatus}, which does not load them.
 */
import { POWERS, standardStartState, type GameState, type Power } from '../../diplomacy/index.js';
import { findGame } from '../../db/games.js';
import { findOrderSetStatus, type OrderSetStatus } from '../../db/order-sets.js';
import { findPerson, type Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import { findCurrentPositions, holdersByPower } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { findTournament } from '../../db/tournaments.js';
import { formatGmt, problems, type CommandResult } from '../../service/command-result.js';

const POLICY_TEXT = {
  lateOrders: { refuse: 'late orders refused', 'accept-until-adjudication': 'late orders accepted until adjudication' },
  revisedSets: { replace: 'a revised set replaces the last', merge: 'revised sets merged unit by unit' },
} as const;

function personJson(p: Person | undefined) {
  return p ? { name: p.name, email: p.email, timeZone: p.timeZone } : null;
}

function ordersStatus(s: OrderSetStatus | undefined): 'none' | 'preliminary' | 'final' {
  return !s ? 'none' : s.final ? 'final' : 'preliminary';
}

/** Show a game without revealing any order. */
export async function runGameShow(db: Db, id: string): Promise<CommandResult> {
  const game = await findGame(db, id);
  if (!game) return problems([`no game "${id}"; create it with: mailjudge game create --from <file>`]);
  const [gm, tournament, phase, current, status] = await Promise.all([
    findPerson(db, game.gmPersonId),
    game.tournamentId === null ? undefined : findTournament(db, game.tournamentId),
    findPhase(db, game.id, game.currentPhase),
    findCurrentPositions(db, game.id),
    findOrderSetStatus(db, game.id, game.currentPhase),
  ]);
  const people = new Map<number, Person>();
  for (const personId of new Set(current.map((p) => p.personId))) {
    const p = await findPerson(db, personId);
    if (p) people.set(personId, p);
  }
  const state: GameState = phase?.stateBefore ?? standardStartState();
  const holders = holdersByPower(current);
  const powers = POWERS.map((power: Power) => {
    const h = holders.find((x) => x.power === power)!;
    const s = status.find((x) => x.power === power);
    return {
      power,
      player: personJson(h.ofRecord && people.get(h.ofRecord.personId)),
      standIn: personJson(h.standIn && people.get(h.standIn.personId)),
      units: state.units.filter((u) => u.power === power).map((u) => `${u.kind} ${u.location}`),
      centers: [...state.centers.values()].filter((owner) => owner === power).length,
      orders: { status: ordersStatus(s), receivedAt: s?.receivedAt.toISOString() ?? null, sets: s?.sets ?? 0 },
    };
  });
  const json = {
    game: {
      id: game.id,
      board: game.boardName,
      tournament: tournament?.slug ?? null,
      round: game.roundNumber,
      address: game.address,
      rules: game.ruleProfile,
      endYear: game.endYear,
      policies: game.policies,
      status: game.status,
      gm: personJson(gm),
    },
    phase: phase
      ? {
          name: phase.name,
          deadline: phase.deadline.toISOString(),
          adjudicatedAt: phase.adjudicatedAt?.toISOString() ?? null,
          publishedAt: phase.publishedAt?.toISOString() ?? null,
        }
      : null,
    powers,
  };

  const lines = [
    `Game ${game.id} (${game.boardName})${tournament ? `, ${tournament.slug} round ${game.roundNumber ?? '-'}` : ''}: ${game.status}`,
    `Address: ${game.address}   GM: ${gm ? `${gm.name} <${gm.email}>` : '?'}`,
    `Rules: ${game.ruleProfile}${game.endYear ? `, ends after Fall ${game.endYear}` : ''}; ${POLICY_TEXT.lateOrders[game.policies.lateOrders]} (D.VII(3)); ` +
      `${POLICY_TEXT.revisedSets[game.policies.revisedSets]} (D.III(3)); press rule ${game.policies.pressRule} (D.X(1)); identity ${game.policies.identity}`,
    phase
      ? `Phase: ${phase.name}, deadline ${formatGmt(phase.deadline)}${phase.adjudicatedAt ? `, adjudicated ${formatGmt(phase.adjudicatedAt)}` : ''}${phase.adjudicatedAt && !phase.publishedAt ? ' (results withheld)' : ''}`
      : `Phase: not started (${game.currentPhase} opens when all seven powers have players and a first deadline is set)`,
    '',
    `${'Power'.padEnd(9)}${'Player'.padEnd(40)}${'SCs'.padEnd(5)}${'Orders'.padEnd(13)}Units`,
  ];
  for (const p of powers) {
    const who = p.player ? `${p.player.name} <${p.player.email}>` : '(vacant)';
    const stand = p.standIn ? ` [stand-in ${p.standIn.name}]` : '';
    const orders = p.orders.status === 'none' ? 'none' : `${p.orders.status}${p.orders.sets > 1 ? ` (${p.orders.sets} sets)` : ''}`;
    lines.push(`${p.power.padEnd(9)}${`${who}${stand}`.padEnd(40)}${String(p.centers).padEnd(5)}${orders.padEnd(13)}${p.units.join(', ')}`);
  }
  return { ok: true, text: lines.join('\n'), json };
}
