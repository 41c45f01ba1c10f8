/**
 * `mailjudge game show` of a Coalition round (issue 33): the open turn and its lock (3.1: the whole
 * minute is in), the three addresses, the judges (1.3; chapter 6), the players of both teams with
 * their ranks, authority over the control list (5.2.2.1), contingency (5.2.3) and the armies they
 * control now (5.2.1: an army not on the list is its namesake player's), every army on the grid with
 * its square, troops left (4.2.5) and day count (1.5), and what is pending: which armies have an
 * order in for the turn (never its text: a PM is held back until the lock, 3.1), the battles waiting
 * for strategies, weather and verdicts (4.1.1, 4.1.2.5), and spawned Raiders waiting for their PLACE
 * (6.3.2).
 */
import { commitment } from '../../dice/index.js';
import { findCoalitionGame, findCoalitionOrders, findCoalitionPlayers, findControlChanges } from '../../db/coalition.js';
import { findOpenBattles, findStrategies } from '../../db/coalition-battles.js';
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { controlAt, withMercenaryJudge } from '../../coalition/armies/control-changes.js';
import type { Army } from '../../coalition/armies/army.js';
import { countingStrategy } from '../../coalition/battle/strategies.js';
import { problems, type CommandResult } from '../command-result.js';
import { coalitionPeople } from './game-people.js';
import { deadlineText } from './turn-times.js';

const key = (s: string) => s.trim().toLowerCase();
const gmt = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} GMT`;
const TEAM = { coalition: 'Coalition', phyrexia: 'Phyrexia', mercenary: 'Mercenaries' } as const;

/** A table: each column as wide as its widest cell plus two spaces. Pure. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)) + 2);
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('').trimEnd();
  return [line(header), ...rows.map(line)];
}

export async function showCoalition(db: Db, game: Game, now: Date): Promise<CommandResult> {
  const setup = await findCoalitionGame(db, game.id);
  if (!setup) return problems([`game ${game.id} is a Coalition round with no round record; create it with: mailjudge coalition create`]);
  const players = await findCoalitionPlayers(db, game.id);
  const people = await coalitionPeople(db, game, setup, players);
  const armies = setup.world.armies as unknown as Army[];
  const control = withMercenaryJudge(controlAt(armies, players, await findControlChanges(db, game.id), now), armies, people.mercenaryJudge?.name ?? null);
  const orders = await findCoalitionOrders(db, game.id, setup.turn);
  const person = (id: number) => people.people.get(id);
  const judge = (p: { name: string; email: string } | null | undefined) => (p ? { name: p.name, email: p.email } : null);

  const armyRows = armies.map((a) => {
    const mine = orders.filter((o) => key(o.army) === key(a.name));
    const last = mine.at(-1);
    const troops = a.troops ?? [];
    return {
      army: a.name, team: a.team, rank: `${a.mercenary ? `${a.mercenary} ` : ''}${a.rank}`, at: a.at, days: a.days ?? 0,
      troops: troops.length ? { alive: troops.reduce((n, t) => n + t.alive, 0), of: troops.reduce((n, t) => n + t.count, 0) } : null,
      controller: control.get(key(a.name)) ?? null,
      orders: { count: mine.length, lastReceivedAt: last ? last.receivedAt.toISOString() : null, lastVia: last?.via ?? null, lastFrom: last?.senderName ?? null },
    };
  });
  const playerRows = players.map((p) => ({
    name: p.name, email: person(p.personId)?.email ?? null, team: p.team, rank: p.rank, authority: p.authority, contingency: p.contingency,
    controls: armyRows.filter((a) => a.controller !== null && key(a.controller) === key(p.name)).map((a) => a.army),
  }));
  const battles = [];
  for (const b of await findOpenBattles(db, game.id)) {
    const strategies = await findStrategies(db, b.id);
    battles.push({
      square: b.square, announcement: b.announcement, deadline: b.deadline.toISOString(), weather: b.weather, verdict: b.verdictAt !== null,
      armies: b.armies.map((army) => {
        const counting = countingStrategy(strategies, army);
        return { army, strategies: strategies.filter((s) => key(s.army) === key(army)).length, counting: counting ? { from: counting.senderName, role: counting.role, receivedAt: counting.receivedAt.toISOString() } : null };
      }),
    });
  }
  const waiting = (setup.world.pendingRaiders ?? []).map((w) => ({ name: w.name, rank: w.rank, spawnedTurn: w.turn }));
  const json = {
    game: {
      id: game.id, kind: game.kind, board: game.boardName, status: game.status, address: game.address, pmAddress: setup.pmAddress, battleAddress: setup.battleAddress,
      identity: game.policies.identity,
      judges: { movement: judge(people.movementJudge), battle: judge(people.battleJudge), mercenary: judge(people.mercenaryJudge) },
    },
    turn: { number: setup.turn, name: `T${setup.turn}`, lock: setup.lockAt.toISOString(), lastSecondIn: deadlineText(setup.lockAt), turnHours: setup.turnHours, seedCommitment: commitment(setup.seed), controlAt: now.toISOString() },
    players: playerRows, armies: armyRows, battles, pendingRaiders: waiting, disbanding: setup.world.disbanding ?? [],
  };

  const who = (p: { name: string; email: string } | null) => (p ? `${p.name} <${p.email}>` : 'none (the mercenary armies hold, chapter 6)');
  const lines = [
    `Coalition round ${game.id} (${game.boardName}): ${game.status}`,
    `Movement thread: ${game.address}   PMs to the Movement Judge: ${setup.pmAddress}   Strategies: ${setup.battleAddress}`,
    `Judges (1.3): Movement Judge ${who(json.game.judges.movement)}; Battle Judge ${who(json.game.judges.battle)}; Mercenary Judge ${who(json.game.judges.mercenary)}`,
    `Turn ${setup.turn}: movement lock ${gmt(setup.lockAt)}; orders stamped up to ${deadlineText(setup.lockAt)} count (3.1); turns every ${setup.turnHours} h; dice committed to as ${json.turn.seedCommitment}`,
    '',
    `Players (control list at ${gmt(now)}, 5.2.1; * authority over the list, 5.2.2.1):`,
    ...table(['Player', 'Team', 'Rank', 'Contingency', 'Controls'], playerRows.map((p) => [
      `${p.name}${p.authority ? ' *' : ''}${p.email ? ` <${p.email}>` : ''}`, TEAM[p.team], p.rank, p.contingency ?? '-', p.controls.join(', ') || '(none)',
    ])).map((l) => `  ${l}`),
    '',
    `Armies (grid square number then letter; troops left, 4.2.5; days counted, 1.5; orders in for turn ${setup.turn}, never shown before the lock):`,
    ...table(['Army', 'Team', 'Rank', 'At', 'Troops', 'Days', 'Controller', 'Orders'], armyRows.map((a) => [
      a.army, TEAM[a.team as keyof typeof TEAM] ?? a.team, a.rank, a.at, a.troops ? `${a.troops.alive}/${a.troops.of}` : '-', String(a.days), a.controller ?? 'nobody',
      a.orders.count === 0 ? 'none' : `${a.orders.count}, last ${a.orders.lastFrom} ${gmt(new Date(a.orders.lastReceivedAt!))}${a.orders.lastVia === 'pm' ? ' by PM' : ''}`,
    ])).map((l) => `  ${l}`),
    '',
    `Pending:`,
    ...(battles.length === 0 ? ['  no battle waiting for strategies'] : battles.flatMap((b) => [
      `  battle at ${b.square}: ${b.announcement}`,
      `    strategies due ${deadlineText(new Date(b.deadline))} (4.1.1); weather ${b.weather ?? 'not entered yet (4.1.2.5)'}; verdict ${b.verdict ? 'entered' : 'not entered yet'}`,
      ...b.armies.map((a) => `    ${a.army}: ${a.counting ? `${a.strategies} strategy mail(s); ${a.counting.from}'s (${a.counting.role}) of ${gmt(new Date(a.counting.receivedAt))} counts` : 'no strategy yet: without one it is stratless (4.2.1)'}`),
    ])),
    ...waiting.map((w) => `  ${w.name} (${w.rank}), spawned at the turn ${w.spawnedTurn} update, waits for the Mercenary Judge's PLACE (6.3.2)`),
    ...json.disbanding.map((n) => `  ${n} disbands at the turn ${setup.turn} update (6.3.2)`),
    `  armies with no order for turn ${setup.turn} yet: ${armyRows.filter((a) => a.orders.count === 0).map((a) => a.army).join(', ') || 'none'}`,
  ];
  return { ok: true, text: lines.join('\n'), json };
}
