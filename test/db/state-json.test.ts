/**
 * GameState ⇄ JSON: the supply-centre Map survives, the JSON is deterministic, and a phase row
 * reads back the state it was given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardStartState, type GameState } from '../../src/diplomacy/index.js';
import { DbError } from '../../src/db/errors.js';
import { findPhase, insertPhase, savePhaseResult } from '../../src/db/phases.js';
import { gameStateFromJson, gameStateToJson } from '../../src/db/state-json.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

/** A retreat phase with a dislodged unit (attacker by land and by convoy) and a standoff. */
const RETREAT: GameState = {
  phase: { season: 'F', year: 1902, kind: 'R' },
  units: [
    { power: 'FRANCE', kind: 'A', location: 'MUN' },
    { power: 'RUSSIA', kind: 'F', location: 'STP/SC' },
    { power: 'ENGLAND', kind: 'F', location: 'NTH' },
  ],
  centers: new Map([
    ['PAR', 'FRANCE'],
    ['MUN', 'GERMANY'],
    ['STP', 'RUSSIA'],
  ]),
  dislodged: [
    { power: 'GERMANY', kind: 'A', location: 'MUN', attackerFrom: 'BUR', retreats: ['BOH', 'KIE'] },
    { power: 'GERMANY', kind: 'F', location: 'HOL', attackerFrom: null, retreats: [] },
  ],
  standoffs: ['TYR', 'GAL'],
};

function normalised(s: GameState) {
  const byLoc = <T extends { location: string }>(l: readonly T[]) => [...l].sort((a, b) => a.location.localeCompare(b.location));
  return { ...s, units: byLoc(s.units), dislodged: byLoc(s.dislodged), centers: [...s.centers].sort(), standoffs: [...s.standoffs].sort() };
}

describe('state JSON (pure)', () => {
  it.each([
    ['the standard start', standardStartState()],
    ['a retreat phase', RETREAT],
  ])('round-trips %s, Map included, through JSON text', (_name, state) => {
    const back = gameStateFromJson(JSON.parse(JSON.stringify(gameStateToJson(state))));
    expect(back.centers).toBeInstanceOf(Map);
    expect(normalised(back)).toEqual(normalised(state));
  });

  it('writes the same JSON whatever the order of the input', () => {
    const shuffled: GameState = { ...RETREAT, units: [...RETREAT.units].reverse(), centers: new Map([...RETREAT.centers].reverse()) };
    expect(JSON.stringify(gameStateToJson(shuffled))).toBe(JSON.stringify(gameStateToJson(RETREAT)));
    expect(gameStateToJson(RETREAT).centers).toEqual({ MUN: 'GERMANY', PAR: 'FRANCE', STP: 'RUSSIA' });
  });

  it('refuses corrupt stored state, naming what is wrong', () => {
    const bad = { ...gameStateToJson(RETREAT), phase: 'X1902Q', units: [{ power: 'PRUSSIA', kind: 'A', location: 'BER' }] };
    expect(() => gameStateFromJson(bad)).toThrow(DbError);
    expect(() => gameStateFromJson(bad)).toThrow(/units\.0\.power/);
    expect(() => gameStateFromJson({ ...gameStateToJson(RETREAT), phase: 'X1902Q' })).toThrow(/phase: "X1902Q" is not a phase name/);
  });
});

describe('state JSON through the phases table', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await gameWithPlayers(t.db, 'g1');
  });
  afterAll(() => t.close());

  it('reads back the state a phase was opened with and the one it was adjudicated to', async () => {
    await insertPhase(t.db, { gameId: 'g1', state: RETREAT, deadline: new Date('2030-06-01T12:00:00Z') });
    const adjudicatedAt = new Date('2030-06-01T12:00:05Z');
    expect(await savePhaseResult(t.db, 'g1', 'F1902R', { stateAfter: standardStartState(), results: [{ power: 'GERMANY', outcome: 'retreated' }], adjudicatedAt })).toBe(true);
    // A retried job changes nothing.
    expect(await savePhaseResult(t.db, 'g1', 'F1902R', { stateAfter: RETREAT, results: [], adjudicatedAt: new Date() })).toBe(false);
    const p = await findPhase(t.db, 'g1', 'F1902R');
    expect(normalised(p!.stateBefore)).toEqual(normalised(RETREAT));
    expect(normalised(p!.stateAfter!)).toEqual(normalised(standardStartState()));
    expect(p!.results).toEqual([{ outcome: 'retreated', power: 'GERMANY' }]);
    expect(p!.adjudicatedAt).toEqual(adjudicatedAt);
  });
});
