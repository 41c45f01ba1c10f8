/**
 * 2.3.2 Changing troops: "When an army counts 2 days in a base it could heal at, it also has the
 * option of changing its troop makeup. The controller of the army must send an E-mail or PM to the
 * judge describing the new makeup, which can be any troop makeup legal under 2.1 and 2.2." Healing in
 * a neutral town does not allow it (2.3.1.3). The makeup as written in a mail, when it may be carried
 * out, and the new troops. Pure.
 */
import { siteAt, type Faction, type WorldMap } from '../world/map.js';
import { COLOURS, type Army, type Colour, type Troop } from './army.js';
import { countPurpose } from '../movement/day-counts.js';
import { slotSizes } from './ranks.js';

/** One creature of a new makeup as mailed: `5000 Goblin Raiders red 1/1`. */
export interface MakeupLine {
  readonly creature: string;
  readonly colours: readonly Colour[];
  readonly power: number;
  readonly toughness: number;
  readonly count: number;
}

export const MAKEUP_FORM = '<count> <creature> <colours> <power>/<toughness>, separated by ";" (colours: white blue black red green artifact, joined by "/" for a multicoloured card), e.g. "5000 Goblin Raiders red 1/1; 2500 Grizzly Bears green 2/2"';

const LINE = /^(\d+)\s+(.+?)\s+([a-z]+(?:\/[a-z]+)*)\s+(\d+)\/(\d+)$/i;

/** The makeup in `text`, or the parts that do not read. */
export function readMakeup(text: string): { ok: true; troops: MakeupLine[] } | { ok: false; problems: string[] } {
  const troops: MakeupLine[] = [];
  const problems: string[] = [];
  for (const part of text.split(';').map((p) => p.trim()).filter((p) => p !== '')) {
    const m = LINE.exec(part);
    const colours = m ? m[3]!.toLowerCase().split('/') : [];
    if (!m || !colours.every((c) => (COLOURS as readonly string[]).includes(c))) {
      problems.push(`"${part}" does not read: the accepted form is ${MAKEUP_FORM}`);
      continue;
    }
    troops.push({ count: Number(m[1]), creature: m[2]!.trim(), colours: colours as Colour[], power: Number(m[4]), toughness: Number(m[5]) });
  }
  if (troops.length === 0 && problems.length === 0) problems.push(`no troops given: the accepted form is ${MAKEUP_FORM}`);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, troops };
}

/** The new troops at full strength, each in the smallest slot of the army's rank it fits (2.1). */
export function makeupTroops(army: Pick<Army, 'rank'>, lines: readonly MakeupLine[]): Troop[] {
  const sizes = slotSizes(army.rank);
  return lines.map((l) => {
    const fit = sizes.findIndex((s) => l.power <= s && l.toughness <= s);
    const slot = (fit < 0 ? sizes.length - 1 : fit) as Troop['slot'];
    return { creature: l.creature, colours: [...l.colours], power: l.power, toughness: l.toughness, slot, count: l.count, alive: l.count };
  });
}

/**
 * Whether `army` (as it stands after the lock's day counts, `days` its count) may change its troops
 * now: on a base or portal it heals at (not a town, 2.3.1.3) with 2 days or more counted (2.3.2).
 * Returns null when it may, else why not.
 */
export function troopChangeRefusal(map: WorldMap, army: Army): string | null {
  const site = siteAt(map, army.at);
  if (!site || site.kind === 'town' || countPurpose(map, army, site) !== 'heal') {
    return `${army.name} is at ${army.at}, ${site?.kind === 'town' ? 'a neutral town: healing there does not allow changing troops (2.3.1.3)' : 'not on a base or portal it could heal at (2.3.2)'}`;
  }
  if ((army.days ?? 0) < 2) return `${army.name} has counted ${army.days ?? 0} day${(army.days ?? 0) === 1 ? '' : 's'} at ${army.at}; troops change when it has counted 2 (2.3.2)`;
  return null;
}

/** The colours of the Coalition bases destroyed (1.7.1), for 2.3.2's exception. */
export function destroyedBaseColours(map: WorldMap): Faction[] {
  return Object.values(map.sites).flatMap((s) => (s.kind === 'base' && s.destroyed ? [s.colour] : []));
}
