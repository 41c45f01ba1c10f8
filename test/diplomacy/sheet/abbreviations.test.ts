/**
 * Issue 28, D.III(1) ("any abbreviations that are not ambiguous are acceptable"): the forms players
 * write in mail, each read to one canonical order; the foreign unit words in movement and in a
 * winter; and properties over the whole official table: every abbreviation names exactly one
 * province, shadows no other province's name or unique prefix, and never swallows the order words
 * around it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STANDARD_MAP, normaliseName, parseOrder, provinceNames, formatOrder } from '../../../src/diplomacy/index.js';
import { OFFICIAL_ABBREVIATIONS, createProvinceLookup } from '../../../src/diplomacy/sheet/index.js';
import { at, understood } from './sheet-helpers.js';

/** A Spring 1902 position with a fleet beside every sea the table names, so every line is a legal move. */
const FLEETS = at('S1902M', {
  ENGLAND: ['F LON', 'F EDI', 'F LVP', 'F NWY'],
  FRANCE: ['F BRE', 'F MAR', 'A PAR'],
  ITALY: ['F NAP', 'A ROM', 'A VEN'],
  AUSTRIA: ['F TRI', 'A VIE'],
  TURKEY: ['F ANK', 'F SMY', 'F CON'],
  RUSSIA: ['F SEV', 'F STP/SC', 'A MOS'],
  GERMANY: ['F KIE', 'A MUN', 'A BER'],
});

describe('D.III(1): what players write, read as one order (input → canonical order)', () => {
  // prettier-ignore
  it.each([
    // The code or a short name with the water's own word after it.
    ['F Bre - Eng Ch',            'FRANCE',  'F BRE - ENG'],
    ['F Bre - Eng Channel',       'FRANCE',  'F BRE - ENG'],
    ['F Bre - Eng Chan',          'FRANCE',  'F BRE - ENG'],
    ['F Bre - Engl Ch',           'FRANCE',  'F BRE - ENG'],
    ['F Edi - Nwg Sea',           'ENGLAND', 'F EDI - NWG'],
    ['F Edi - Nrg Sea',           'ENGLAND', 'F EDI - NWG'],
    ['F Edi - Norweg Sea',        'ENGLAND', 'F EDI - NWG'],
    ['F Edi - Nth Sea',           'ENGLAND', 'F EDI - NTH'],
    ['F Edi - NthSea',            'ENGLAND', 'F EDI - NTH'],
    ['F Lvp - Iri Sea',           'ENGLAND', 'F LVP - IRI'],
    ['F Lvp - N Atl',             'ENGLAND', 'F LVP - NAO'],
    ['F Lvp - NAtl',              'ENGLAND', 'F LVP - NAO'],
    ['F Lvp - N Atlantic',        'ENGLAND', 'F LVP - NAO'],
    ['F Bre - MidAtl',            'FRANCE',  'F BRE - MAO'],
    ['F Bre - Mid-Atlantic',      'FRANCE',  'F BRE - MAO'],
    ['F Bre - Mid Atl Ocean',     'FRANCE',  'F BRE - MAO'],
    ['F Bre - MAtl',              'FRANCE',  'F BRE - MAO'],
    ['F Bre - M Atl',             'FRANCE',  'F BRE - MAO'],
    ['F Sev - BlkS',              'RUSSIA',  'F SEV - BLA'],
    ['F Sev - Blk Sea',           'RUSSIA',  'F SEV - BLA'],
    ['F Ank - Bla Sea',           'TURKEY',  'F ANK - BLA'],
    ['F Ank - BlackSea',          'TURKEY',  'F ANK - BLA'],
    ['F Nap - Tyrr Sea',          'ITALY',   'F NAP - TYS'],
    ['F Nap - Tyrrh Sea',         'ITALY',   'F NAP - TYS'],
    ['F Nap - Ion Sea',           'ITALY',   'F NAP - ION'],
    ['F Tri - Adr Sea',           'AUSTRIA', 'F TRI - ADR'],
    ['F Con - Aeg Sea',           'TURKEY',  'F CON - AEG'],
    ['F Smy - E Med',             'TURKEY',  'F SMY - EAS'],
    ['F Smy - EMed',              'TURKEY',  'F SMY - EAS'],
    ['F Mar - G of Lyon',         'FRANCE',  'F MAR - LYO'],
    ['F Mar - GoL',               'FRANCE',  'F MAR - LYO'],
    ['F Kie - Helg',              'GERMANY', 'F KIE - HEL'],
    ['F Kie - Bal Sea',           'GERMANY', 'F KIE - BAL'],
    ['F Nwy - Bar Sea',           'ENGLAND', 'F NWY - BAR'],
    ['F Nwy - Skag Sea',          'ENGLAND', 'F NWY - SKA'],
    ['F StP/sc - G of Both',      'RUSSIA',  'F STP/SC - BOT'],
    ['F StP sc - Bot Sea',        'RUSSIA',  'F STP/SC - BOT'],
    // Land: the hobby's other spellings.
    ['F Con - Sebastopol',        'TURKEY',  'F CON - SEV [impossibleMove]'],
    ['F Ank - Sevas',             'TURKEY',  'F ANK - SEV [impossibleMove]'],
    ['F Ank S F Smy - Cnst',      'TURKEY',  'F ANK S F SMY - CON'],
    ['A Mos - SPb',               'RUSSIA',  'A MOS - STP'],
    ['A Mos - St P',              'RUSSIA',  'A MOS - STP'],
    ['A Mos - Stp',               'RUSSIA',  'A MOS - STP'],
    // Support and convoy lines: the long forms do not swallow the order words around them.
    ['F Lon S F Edi - Nth Sea',   'ENGLAND', 'F LON S F EDI - NTH'],
    ['F Bre S F Lon - Eng Ch',    'FRANCE',  'F BRE S F LON - ENG'],
  ])('%s (%s) → %s', (line, power, expected) => {
    expect(understood(line, power as 'FRANCE', { state: FLEETS })).toBe(expected);
  });
});

describe('foreign unit words (French, German, Italian, Spanish), in movement and in a winter', () => {
  // prettier-ignore
  it.each([
    ['Armee Rome - Apu',       'ITALY',   'A ROM - APU'],   // German
    ['Armée Par - Bur',        'FRANCE',  'A PAR - BUR'],   // French
    ['Flotte Naples - Ion',    'ITALY',   'F NAP - ION'],   // French and German
    ['Flotta Nap - Tyrr Sea',  'ITALY',   'F NAP - TYS'],   // Italian
    ['Armata Ven - Tyr',       'ITALY',   'A VEN - TYR'],   // Italian
    ['Ejército Mun - Ruh',     'GERMANY', 'A MUN - RUH'],   // Spanish
    ['Flota Kie - Den',        'GERMANY', 'F KIE - DEN'],   // Spanish
    ['Armee Mun S Armee Ber - Sil', 'GERMANY', 'A MUN S A BER - SIL'],
  ])('S1902 %s (%s) → %s', (line, power, expected) => {
    expect(understood(line, power as 'FRANCE', { state: FLEETS })).toBe(expected);
  });

  // Winter 1901: Italy owns Rome, Naples, Venice and Tunis with no unit in Rome or Naples; Germany
  // owns Berlin, Kiel, Munich and Denmark with Berlin and Kiel empty: each owes builds (D.V).
  const WINTER = at('W1901A', { ITALY: ['A VEN', 'F TUN'], GERMANY: ['A MUN', 'F DEN'] }, { ITALY: ['ROM', 'NAP', 'VEN', 'TUN'], GERMANY: ['BER', 'KIE', 'MUN', 'DEN', 'HOL'] });
  // prettier-ignore
  it.each([
    ['Armee Rome',             'ITALY',   'A ROM B'],
    ['Flotte Naples',          'ITALY',   'F NAP B'],
    ['Build Armee Rome',       'ITALY',   'A ROM B'],
    ['Flotta Nap B',           'ITALY',   'F NAP B'],
    ['Armata Rom',             'ITALY',   'A ROM B'],
    ['Armée Rome',             'ITALY',   'A ROM B'],
    ['B Armee Ber',            'GERMANY', 'A BER B'],
    ['Flotte Kiel',            'GERMANY', 'F KIE B'],
    // A unit and an empty province with no verb is a build in a winter (the English forms too) ...
    ['A Rome',                 'ITALY',   'A ROM B'],
    // ... judged as a build: Venice is occupied, so this one is not read as a build.
    ['Armata Ven',             'ITALY',   'wrongPhase'],
    // An explicit hold stays what it says.
    ['Armee Rome H',           'ITALY',   'wrongPhase'],
    // Naples is not Germany's: the build is refused with its reason, not set aside as conversation.
    ['Flotte Naples',          'GERMANY', 'cannotBuild'],
  ])('W1901 %s (%s) → %s', (line, power, expected) => {
    expect(understood(line, power as 'FRANCE', { state: WINTER })).toBe(expected);
  });

  it('prose with a foreign unit word is still conversation', () => {
    expect(understood('Meine Armee bleibt in Munich, versprochen', 'GERMANY', { state: FLEETS })).toBe('(nothing)');
  });
});

describe('the official table: every abbreviation names exactly one province (properties)', () => {
  const names = provinceNames(STANDARD_MAP);
  const byPrefix = createProvinceLookup(STANDARD_MAP, new Map());
  const lookup = createProvinceLookup(STANDARD_MAP, OFFICIAL_ABBREVIATIONS);
  const entries = [...OFFICIAL_ABBREVIATIONS.entries()];
  const GRAMMAR_WORDS = new Set(['a', 'f', 's', 'c', 'h', 'd', 'r', 'to', 'via', 'vc', 'army', 'fleet', 'hold', 'holds', 'support', 'supports', 'convoy', 'convoys', 'build', 'disband', 'remove', 'retreat']);

  it('holds the forms of issue 28 (a table of 150+ forms)', () => {
    expect(entries.length).toBeGreaterThan(150);
    for (const form of ['eng ch', 'nwg sea', 'midatl', 'blks', 'mid atlantic', 'eng channel', 'n atl', 'nth sea', 'st p', 'stp']) expect(OFFICIAL_ABBREVIATIONS.has(form), form).toBe(true);
  });

  it.each(entries)('"%s" → %s: no map name of another province, no unique prefix of another', (alias, id) => {
    expect(STANDARD_MAP.provinces.has(id)).toBe(true);
    expect(alias).toBe(normaliseName(alias));
    // A map code, name or alias with this spelling names the same province.
    const named = names.get(alias);
    if (named !== undefined) expect(named).toBe(id);
    // Read as a prefix of the map's names alone, it names this province or several (never one other).
    const prefix = byPrefix.resolve(alias, 'prefix');
    if (typeof prefix === 'string') expect(prefix).toBe(id);
    // Its words are never order words (`Nth S …` must stay a support), and the parser reads all of it.
    for (const w of alias.split(' ').slice(1)) expect(GRAMMAR_WORDS.has(w), `${alias}: ${w}`).toBe(false);
    const p = parseOrder(`F ${alias} H`, STANDARD_MAP, lookup);
    expect(p.ok && p.order.kind === 'hold' && p.order.unit.location).toBe(id);
  });

  it('any three abbreviations in a support line are read as the three provinces they name', () => {
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.constantFrom(...entries), fc.constantFrom(...entries), fc.boolean(), ([a, ia], [b, ib], [c, ic], upper) => {
        const line = `F ${a} S A ${b} - ${c}`;
        const p = parseOrder(upper ? line.toUpperCase() : line, STANDARD_MAP, lookup);
        expect(p.ok && formatOrder(p.order)).toBe(`F ${ia} S A ${ib} - ${ic}`);
      }),
      { numRuns: 2000, seed: 28 },
    );
  });
});
