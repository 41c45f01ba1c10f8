/** The standard 1901 starting position. */
import { STANDARD_MAP } from './map/standard.js';
import type { Power, ProvinceId } from './map/types.js';
import type { GameState, Unit } from './state.js';

const START_UNITS = `
AUSTRIA: A VIE, A BUD, F TRI
ENGLAND: F LON, F EDI, A LVP
FRANCE: F BRE, A PAR, A MAR
GERMANY: F KIE, A BER, A MUN
ITALY: F NAP, A ROM, A VEN
RUSSIA: F STP/SC, A MOS, A WAR, F SEV
TURKEY: F ANK, A CON, A SMY
`;

/** Spring 1901: every power on its home centres with its starting units. */
export function standardStartState(): GameState {
  const units: Unit[] = [];
  for (const line of START_UNITS.trim().split('\n')) {
    const [power, rest] = line.split(':') as [Power, string];
    for (const u of rest.split(',')) {
      const [kind, location] = u.trim().split(' ') as ['A' | 'F', string];
      units.push({ power, kind, location });
    }
  }
  const centers = new Map<ProvinceId, Power>();
  for (const p of STANDARD_MAP.provinces.values()) if (p.home) centers.set(p.id, p.home);
  return { phase: { season: 'S', year: 1901, kind: 'M' }, units, centers, dislodged: [], standoffs: [] };
}
