/**
 * The `.eml` corpus in test/fixtures/mail: each `NN-name.eml` with its `NN-name.expect.json` (what
 * the judge must understand from it). Used by the corpus test and by `npm run bench:parse`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePhase, standardStartState, type DislodgedUnit, type GameState, type Power, type ProvinceId, type Unit } from '../../src/diplomacy/index.js';

export interface CorpusExpectation {
  readonly about: string;
  readonly power: Power;
  readonly phase: string;
  readonly units: (Partial<Record<Power, string[]>> & { dislodged?: { power: Power; unit: string; retreats: string[] }[]; centers?: Partial<Record<Power, string[]>> }) | null;
  readonly final: boolean;
  readonly orders: string[];
  readonly unordered: string[];
  readonly issues: string[];
  readonly press: number;
  readonly votes: number;
  readonly requests: string[];
}

export interface CorpusMessage {
  readonly name: string;
  readonly raw: Buffer;
  readonly expect: CorpusExpectation;
  readonly state: GameState;
}

/** The corpus directory, found from this file whether it runs from source or from dist/. */
export function corpusDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      readdirSync(join(dir, 'test/fixtures/mail'));
      return join(dir, 'test/fixtures/mail');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('test/fixtures/mail not found');
}

function stateFor(e: CorpusExpectation): GameState {
  const phase = parsePhase(e.phase);
  if (!phase) throw new Error(`bad phase ${e.phase}`);
  const start = standardStartState();
  if (!e.units) return { ...start, phase };
  const units: Unit[] = [];
  for (const [power, list] of Object.entries(e.units)) {
    if (power === 'dislodged' || power === 'centers') continue;
    for (const u of list as string[]) {
      const [kind, location] = u.split(' ') as ['A' | 'F', string];
      units.push({ power: power as Power, kind, location });
    }
  }
  const dislodged: DislodgedUnit[] = (e.units.dislodged ?? []).map((d) => {
    const [kind, location] = d.unit.split(' ') as ['A' | 'F', string];
    return { power: d.power, kind, location, attackerFrom: null, retreats: d.retreats };
  });
  let centers = start.centers;
  if (e.units.centers) {
    const c = new Map<ProvinceId, Power>();
    for (const [power, list] of Object.entries(e.units.centers)) for (const p of list ?? []) c.set(p, power as Power);
    centers = c;
  }
  return { phase, units, centers, dislodged, standoffs: [] };
}

export function loadCorpus(): CorpusMessage[] {
  const dir = corpusDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const name = f.replace(/\.eml$/, '');
      const expect = JSON.parse(readFileSync(join(dir, `${name}.expect.json`), 'utf8')) as CorpusExpectation;
      return { name, raw: readFileSync(join(dir, f)), expect, state: stateFor(expect) };
    });
}
