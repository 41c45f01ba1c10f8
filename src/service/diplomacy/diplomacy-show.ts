/**
 * `mailjudge game show <game>` of a Diplomacy game: its settings, players, position, open phase and
 * deadline, and which powers have an order set in (preliminary or final). It never shows the orders:
 * it reads only {@link findOrderSetStatus}, which does not load them.
 */
import { POWERS, standardStartState, type GameState, type Power } from '../../diplomacy/index.js';
import type { Game } from '../../db/games.js';
import { findOrderSetStatus, type OrderSetStatus } from '../../db/order-sets.js';
import { findPerson, type Person } from '../../db/people.js';
import { findPhase } from '../../db/phases.js';
import { findCurrentPositions, holdersByPower } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { findTournament } from '../../db/tournaments.js';
import { formatGmt, type CommandResult } from '../command-result.js';

const POLICY_TEXT = {
  lateOrders: { refuse: 'late orders refused', 'accept-until-adjudication': 'late orders accepted until adjudication' },
  revisedSets: { replace: 'a revised set replaces the last', merge: 'revised sets merged unit by unit' },
} as const;

function personJson(p: Person | undefined) {
  // Issue 27: the other registered address, where a bounce is told (shown only when there is one).
  return p ? { name: p.name, email: p.email, timeZone: p.timeZone, ...(p.alternateEmail ? { alternateEmail: p.alternateEmail } : {}) } : null;
}

function ordersStatus(s: OrderSetStatus | undefined): 'none' | 'preliminary' | 'final' {
  return !s ? 'none' : s.final ? 'final' : 'preliminary';
}

/** Show a Diplomacy game without revealing any order. */
export async function showDiplomacy(db: Db, game: Game): Promise<CommandResult> {
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
    ...powerTable(powers.map((p) => ({
      power: p.power,
      player: `${p.player ? `${p.player.name} <${p.player.email}>${p.player.alternateEmail ? ` (other: ${p.player.alternateEmail})` : ''}` : '(vacant)'}${p.standIn ? ` [stand-in ${p.standIn.name}]` : ''}`,
      centers: p.centers,
      orders: p.orders.status === 'none' ? 'none' : `${p.orders.status}${p.orders.sets > 1 ? ` (${p.orders.sets} sets)` : ''}`,
      units: p.units,
    }))),
  ];
  return { ok: true, text: lines.join('\n'), json };
}

/** One row of `game show`'s table of powers. */
export interface PowerRow {
  readonly power: string;
  readonly player: string;
  readonly centers: number;
  readonly orders: string;
  readonly units: readonly string[];
}

/**
 * The table of powers, each column as wide as its widest cell plus two spaces, so a long name and
 * address never run into the SCs column (issue 16). Pure.
 */
export function powerTable(rows: readonly PowerRow[]): string[] {
  const width = (header: string, cells: readonly string[]) => Math.max(header.length, ...cells.map((c) => c.length)) + 2;
  const w = {
    power: width('Power', rows.map((r) => r.power)),
    player: width('Player', rows.map((r) => r.player)),
    centers: width('SCs', rows.map((r) => String(r.centers))),
    orders: width('Orders', rows.map((r) => r.orders)),
  };
  const line = (power: string, player: string, centers: string, orders: string, units: string) =>
    `${power.padEnd(w.power)}${player.padEnd(w.player)}${centers.padEnd(w.centers)}${orders.padEnd(w.orders)}${units}`.trimEnd();
  return [line('Power', 'Player', 'SCs', 'Orders', 'Units'), ...rows.map((r) => line(r.power, r.player, String(r.centers), r.orders, r.units.join(', ')))];
}
