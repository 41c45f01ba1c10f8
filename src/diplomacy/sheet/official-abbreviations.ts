/**
 * The official abbreviation list (D.III(1)): abbreviations in it are never adjudicated as ambiguous.
 * The tournament's published list (worldmasters.net/wm04/abbrlist.aspx) is no longer online, so this
 * is our own list: the Hasbro 2000 three-letter codes (which the map already knows) plus the variants
 * the hobby's judges and GMs have always accepted. A tournament may supply its own list instead.
 */
import type { ProvinceId } from '../index.js';
import { normaliseName } from '../index.js';

// province code: abbreviations (comma-separated)
const LIST = `
ADR: adr, adri
AEG: aeg, aege
BAL: bal, balt
BAR: bar, bare
BLA: bla, blk, black sea
BOT: bot, gob, gbo, g of b
EAS: eas, emed, e med, eastern med, east med
ENG: eng, ech, chan, english ch
HEL: hel, helgo, helgoland, heligoland, hgb
ION: ion, ioni
IRI: iri, irs, irish
LYO: lyo, gol, gulf of lyons, g of l
MAO: mao, mid, mat, mid atl, mid atlantic, midatlantic
NAO: nao, nat, n atl, north atl, north atlantic
NTH: nth, nts, nth sea, n sea
NWG: nwg, nrg, nor sea, norw sea
SKA: ska, skag
TYS: tys, tyn, tyh, tyrr, tyrrhenian
WES: wes, wmed, w med, west med, western med
CON: con, cons, const, constantinople
STP: stp, st p, st pete, stpete, st petersburg, petersburg
SEV: sev, seva
SMY: smy, smyr
MOS: mos, mosc
NWY: nwy, nor, norway
NAF: naf, nafr, n afr, n africa
LVP: lvp, lpl, lpool
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
    for (const a of rest.split(',')) out.set(normaliseName(a), code.trim());
  }
  return out;
}

/** Normalised abbreviation → province code. */
export const OFFICIAL_ABBREVIATIONS: ReadonlyMap<string, ProvinceId> = build();
