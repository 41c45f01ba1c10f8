/**
 * The standard (classical) Diplomacy map as our own data table: 75 provinces (plus impassable
 * Switzerland), 34 supply centres, 22 home centres, three two-coast provinces, and army and fleet
 * adjacency per coast. Transcribed by us from the board; checked by the map integrity tests and by
 * replaying 40 real games.
 */
import type { Coast, GameMap, Power, Province, ProvinceId, Terrain } from './types.js';

// code | name | terrain | SC | home | coasts | aliases (comma-separated)
const PROVINCES = `
ADR|Adriatic Sea|sea|||| adriatic
AEG|Aegean Sea|sea|||| aegean
ALB|Albania|coast||||
ANK|Ankara|coast|sc|TURKEY||
APU|Apulia|coast||||apulia
ARM|Armenia|coast||||
BAL|Baltic Sea|sea||||baltic
BAR|Barents Sea|sea||||barents
BEL|Belgium|coast|sc|||
BER|Berlin|coast|sc|GERMANY||
BLA|Black Sea|sea||||black
BOH|Bohemia|land||||
BOT|Gulf of Bothnia|sea||||bothnia,gob,bothnian gulf
BRE|Brest|coast|sc|FRANCE||
BUD|Budapest|land|sc|AUSTRIA||
BUL|Bulgaria|coast|sc||EC,SC|
BUR|Burgundy|land||||
CLY|Clyde|coast||||
CON|Constantinople|coast|sc|TURKEY||
DEN|Denmark|coast|sc|||
EAS|Eastern Mediterranean|sea||||east med,east mediterranean,eastern med,emed,eme
EDI|Edinburgh|coast|sc|ENGLAND||
ENG|English Channel|sea||||channel,ech
FIN|Finland|coast||||
GAL|Galicia|land||||
GAS|Gascony|coast||||
GRE|Greece|coast|sc|||
HEL|Heligoland Bight|sea||||heligoland,helgoland,helgoland bight,hel bight
HOL|Holland|coast|sc|||
ION|Ionian Sea|sea||||ionian
IRI|Irish Sea|sea||||irish
KIE|Kiel|coast|sc|GERMANY||
LON|London|coast|sc|ENGLAND||
LVN|Livonia|coast||||lvn,liv
LVP|Liverpool|coast|sc|ENGLAND||lpl
LYO|Gulf of Lyon|sea||||gulf of lyons,lyon,lyons,gol
MAO|Mid-Atlantic Ocean|sea||||mid atlantic,mid-atlantic,mid atlantic ocean,mid,mat,mao
MAR|Marseilles|coast|sc|FRANCE||marseille
MOS|Moscow|land|sc|RUSSIA||
MUN|Munich|land|sc|GERMANY||
NAF|North Africa|coast||||nafr,n africa
NAO|North Atlantic Ocean|sea||||north atlantic,nat,nao
NAP|Naples|coast|sc|ITALY||
NTH|North Sea|sea||||nth sea,nth
NWG|Norwegian Sea|sea||||nrg,nwg,norwegian
NWY|Norway|coast|sc|||nor
PAR|Paris|land|sc|FRANCE||
PIC|Picardy|coast||||
PIE|Piedmont|coast||||
POR|Portugal|coast|sc|||
PRU|Prussia|coast||||
ROM|Rome|coast|sc|ITALY||
RUH|Ruhr|land||||
RUM|Rumania|coast|sc|||romania
SER|Serbia|land|sc|||
SEV|Sevastopol|coast|sc|RUSSIA||sevastapol
SIL|Silesia|land||||
SKA|Skagerrak|sea||||skagerak
SMY|Smyrna|coast|sc|TURKEY||
SPA|Spain|coast|sc||NC,SC|
STP|St. Petersburg|coast|sc|RUSSIA|NC,SC|st petersburg,saint petersburg,st petersberg,stp
SWE|Sweden|coast|sc|||
SYR|Syria|coast||||
TRI|Trieste|coast|sc|AUSTRIA||
TUN|Tunis|coast|sc|||tunisia
TUS|Tuscany|coast||||
TYR|Tyrolia|land||||tyrol
TYS|Tyrrhenian Sea|sea||||tyrrhenian,tyn,tys
UKR|Ukraine|land||||
VEN|Venice|coast|sc|ITALY||
VIE|Vienna|land|sc|AUSTRIA||
WAL|Wales|coast||||
WAR|Warsaw|land|sc|RUSSIA||
WES|Western Mediterranean|sea||||west med,west mediterranean,western med,wmed,wme
YOR|Yorkshire|coast||||york
SWI|Switzerland|impassable||||
`;

// Army adjacency (land borders between land/coastal provinces), each pair once.
const ARMY_EDGES = `
ALB: GRE SER TRI
ANK: ARM CON SMY
APU: NAP ROM VEN
ARM: SEV SMY SYR
BEL: BUR HOL PIC RUH
BER: KIE MUN PRU SIL
BOH: GAL MUN SIL TYR VIE
BRE: GAS PAR PIC
BUD: GAL RUM SER TRI VIE
BUL: CON GRE RUM SER
BUR: GAS MAR MUN PAR PIC RUH
CLY: EDI LVP
CON: SMY
DEN: KIE SWE
EDI: LVP YOR
FIN: NWY STP SWE
GAL: RUM SIL UKR VIE WAR
GAS: MAR PAR SPA
GRE: SER
HOL: KIE RUH
KIE: MUN RUH
LON: WAL YOR
LVP: WAL YOR
LVN: MOS PRU STP WAR
MAR: PIE SPA
MOS: SEV STP UKR WAR
MUN: RUH SIL TYR
NAF: TUN
NWY: STP SWE
PAR: PIC
PIE: TUS TYR VEN
POR: SPA
PRU: SIL WAR
ROM: NAP TUS VEN
RUM: SER SEV UKR
SEV: UKR
SIL: WAR
SMY: SYR
TRI: SER TYR VEN VIE
TUS: VEN
TYR: VEN VIE
UKR: WAR
WAL: YOR
`;

// Fleet adjacency between locations (coasts explicit), each pair once.
const FLEET_EDGES = `
ADR: ALB APU ION TRI VEN
AEG: BUL/SC CON EAS GRE ION SMY
ALB: GRE ION TRI
ANK: ARM BLA CON
APU: ION NAP VEN
ARM: BLA SEV
BAL: BER BOT DEN KIE LVN PRU SWE
BAR: NWG NWY STP/NC
BEL: ENG HOL NTH PIC
BER: KIE PRU
BLA: BUL/EC CON RUM SEV
BOT: FIN LVN STP/SC SWE
BRE: ENG GAS MAO PIC
BUL/EC: CON RUM
BUL/SC: CON GRE
CLY: EDI LVP NAO NWG
CON: SMY
DEN: HEL KIE NTH SKA SWE
EAS: ION SMY SYR
EDI: NTH NWG YOR
ENG: IRI LON MAO NTH PIC WAL
FIN: STP/SC SWE
GAS: MAO SPA/NC
GRE: ION
HEL: HOL KIE NTH
HOL: KIE NTH
ION: NAP TUN TYS
IRI: LVP MAO NAO WAL
LON: NTH WAL YOR
LVN: PRU STP/SC
LVP: NAO WAL
LYO: MAR PIE SPA/SC TUS TYS WES
MAO: NAF NAO POR SPA/NC SPA/SC WES
MAR: PIE SPA/SC
NAF: TUN WES
NAO: NWG
NAP: ROM TYS
NTH: NWG NWY SKA YOR
NWG: NWY
NWY: SKA STP/NC SWE
PIE: TUS
POR: SPA/NC SPA/SC
ROM: TUS TYS
RUM: SEV
SKA: SWE
SMY: SYR
SPA/SC: WES
TRI: VEN
TUN: TYS WES
TUS: TYS
TYS: WES
`;

function parseEdges(text: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    let set = edges.get(a);
    if (!set) edges.set(a, (set = new Set()));
    set.add(b);
  };
  for (const line of text.trim().split('\n')) {
    const [from, rest] = line.split(':') as [string, string];
    for (const to of rest.trim().split(/\s+/)) {
      link(from.trim(), to);
      link(to, from.trim());
    }
  }
  return edges;
}

function parseProvinces(text: string): Map<ProvinceId, Province> {
  const provinces = new Map<ProvinceId, Province>();
  for (const line of text.trim().split('\n')) {
    const [id, name, terrain, sc, home, coasts, aliases] = line.split('|') as string[];
    provinces.set(id!, {
      id: id!,
      name: name!,
      terrain: terrain as Terrain,
      supplyCenter: sc === 'sc',
      home: home ? (home as Power) : null,
      coasts: coasts ? (coasts.split(',') as Coast[]) : [],
      aliases: aliases ? aliases.split(',').map((a) => a.trim()).filter(Boolean) : [],
    });
  }
  return provinces;
}

/** The standard map. */
export const STANDARD_MAP: GameMap = {
  provinces: parseProvinces(PROVINCES),
  armyEdges: parseEdges(ARMY_EDGES),
  fleetEdges: parseEdges(FLEET_EDGES),
};
