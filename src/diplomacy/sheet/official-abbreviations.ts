/**
 * The official abbreviation list (D.III(1)): abbreviations in it are never adjudicated as ambiguous.
 * The tournament's published list (worldmasters.net/wm04/abbrlist.aspx) is no longer online, so this
 * is our own list: the Hasbro 2000 three-letter codes (which the map already knows) plus the variants
 * the hobby's judges and GMs have always accepted. A tournament may supply its own list instead.
 */
import type { ProvinceId } from '../index.js';
import { normaliseName } from '../index.js';

// province code: abbreviations (comma-separated). Issue 28: the forms players write in mail — a
// code or short name with the water's word after it (`Eng Ch`, `Nwg Sea`, `Mid Atl Ocean`), glued
// (`MidAtl`, `BlkS`, `NAtl`), the hobby's other spellings (`Sebastopol`, `SPb`). Every entry names
// exactly one province and none shadows another province's name or prefix (test/diplomacy/sheet/
// abbreviations.test.ts checks both over the whole table).
const LIST = `
ADR: adr, adri, adr sea, adri sea
AEG: aeg, aege, aeg sea, aege sea
BAL: bal, balt, bal sea, balt sea
BAR: bar, bare, bar sea, bare sea
BLA: bla, blk, black sea, blks, blk sea, blksea, bla sea, bl sea, blacksea
BOT: bot, gob, gbo, g of b, g of bot, g of both, gulf of both, gulf bothnia, bot sea
EAS: eas, emed, e med, eastern med, east med, eas med, e mediterranean, eas sea
ENG: eng, ech, chan, english ch, eng ch, eng chan, eng channel, engl ch, engl channel, english chan, engch
HEL: hel, helgo, helgoland, heligoland, hgb, helg, heligo bight
ION: ion, ioni, ion sea, ioni sea
IRI: iri, irs, irish, iri sea, irs sea, ir sea, irishsea
LYO: lyo, gol, gulf of lyons, g of l, g of lyon, g of lyons, gulf lyon, g lyon, lyo gulf
MAO: mao, mid, mat, mid atl, mid atlantic, midatlantic, midatl, midatlantic ocean, mid atl ocean, mid atl oc, m atl, matl, mao ocean, mid ocean
NAO: nao, nat, n atl, north atl, north atlantic, natl, n atlantic, n atl ocean, nao ocean, nth atl
NTH: nth, nts, nth sea, n sea, nthsea
NWG: nwg, nrg, nor sea, norw sea, nwg sea, nrg sea, norweg sea, norweg, nwgsea
SKA: ska, skag, skagerrack, skagerack, skag sea
TYS: tys, tyn, tyh, tyrr, tyrrhenian, tyrr sea, tyrrh sea, tyrrh, tys sea, tyn sea
WES: wes, wmed, w med, west med, western med, wes med, w mediterranean
CON: con, cons, const, constantinople, cnst, constan
STP: stp, st p, st pete, stpete, st petersburg, petersburg, spb, st pb, st pburg, stpetersburg
SEV: sev, seva, sebastopol, sevastapol, sevas
SMY: smy, smyr
MOS: mos, mosc
NWY: nwy, nor, norway
NAF: naf, nafr, n afr, n africa, n af
LVP: lvp, lpl, lpool, lvpl
LVN: lvn, liv, livo
TYR: tyr, tyl, tyrol
BUL: bul, bulg
RUM: rum, rumania, romania
SER: ser, srb, serb
`;

function build(): ReadonlyMap<string, ProvinceId> {
  const out = new Map<string, ProvinceId>();
  for (const row of LIST.trim().split('\n')) {
    const [code, rest] = row.split(':') as [string, string];
    for (const a of rest.split(',')) {
      const key = normaliseName(a);
      const had = out.get(key);
      // One abbreviation, one province (D.III(1): only an unambiguous abbreviation is accepted).
      if (had !== undefined && had !== code.trim()) throw new Error(`official abbreviations: "${key}" names both ${had} and ${code.trim()}`);
      out.set(key, code.trim());
    }
  }
  return out;
}

/** Normalised abbreviation → province code. */
export const OFFICIAL_ABBREVIATIONS: ReadonlyMap<string, ProvinceId> = build();
