/**
 * The project's own authored data for the map picture: for every province of the standard map a unit
 * anchor (longitude, latitude), extra seed points that shape its region, and for two-coast provinces
 * one anchor per coast. Regions are the union of the Voronoi cells of a province's seeds (the anchor
 * is a seed too), land seeds among land seeds and sea seeds among sea seeds; the picture clips land
 * regions to the Natural Earth land and sea regions to the water. Fillers are places that are no
 * province (Ireland, Iceland, the Sahara, the Caspian, ...): they keep the neighbouring provinces
 * from spreading over them.
 *
 * Every coordinate here was placed by hand for this project from general geographic knowledge (city
 * and coast positions); nothing is taken from any other Diplomacy map. Licence: MIT, as the project.
 */

export type LonLat = readonly [number, number];

export interface ProvinceAnchors {
  /** Where a unit stands (and the first seed). */
  readonly anchor: LonLat;
  /** More seed points of the region. */
  readonly seeds?: readonly LonLat[];
  /** Unit anchors of the named coasts of a two-coast province. */
  readonly coasts?: Readonly<Record<string, LonLat>>;
  /** Where the name goes, when not just under the anchor (crowded places). */
  readonly label?: LonLat;
}

// prettier-ignore
export const LAND: Readonly<Record<string, ProvinceAnchors>> = {
  ALB: { anchor: [20.0, 41.1], seeds: [[19.9, 40.3]] },
  ANK: { anchor: [33.5, 40.8], seeds: [[36.2, 40.9], [31.8, 40.9]] },
  APU: { anchor: [16.4, 41.0], seeds: [[14.9, 41.9], [17.8, 40.5]] },
  ARM: { anchor: [41.5, 40.0], seeds: [[44.0, 40.2], [39.3, 39.2], [42.0, 41.6]] },
  BEL: { anchor: [4.6, 50.6], seeds: [[3.4, 51.0]] },
  BER: { anchor: [13.4, 52.6], seeds: [[13.0, 53.8]] },
  BOH: { anchor: [14.6, 49.8], seeds: [[13.4, 49.3], [15.9, 49.6]] },
  BRE: { anchor: [-3.0, 48.2], seeds: [[-1.4, 48.4]] },
  BUD: { anchor: [19.6, 47.2], seeds: [[23.4, 46.8], [21.5, 47.9], [18.0, 46.2]] },
  BUL: { anchor: [25.2, 42.6], seeds: [[25.0, 41.4], [27.2, 43.2], [23.2, 42.3]], coasts: { EC: [27.5, 42.9], SC: [24.9, 41.2] } },
  BUR: { anchor: [4.8, 47.0], seeds: [[5.5, 48.6], [6.3, 47.3], [4.3, 46.0]] },
  CLY: { label: [-7.3, 57.0], anchor: [-5.0, 57.1], seeds: [[-5.0, 57.6], [-4.4, 58.4], [-4.4, 55.7]] },
  CON: { anchor: [28.4, 41.2], seeds: [[29.6, 40.3], [27.2, 41.4], [30.4, 40.9]] },
  DEN: { anchor: [9.2, 56.0], seeds: [[11.8, 55.4], [9.5, 57.2]] },
  EDI: { label: [-0.9, 56.6], anchor: [-3.0, 56.6], seeds: [[-2.8, 57.3], [-3.4, 58.4], [-2.4, 55.5]] },
  FIN: { anchor: [25.5, 62.5], seeds: [[24.3, 60.8], [26.6, 64.2], [25.5, 67.4], [28.5, 62.2]] },
  GAL: { anchor: [24.0, 49.4], seeds: [[21.5, 49.9], [26.0, 48.4]] },
  GAS: { anchor: [0.2, 44.4], seeds: [[-0.6, 43.6], [1.5, 45.3]] },
  GRE: { anchor: [22.0, 39.3], seeds: [[22.4, 37.6], [22.6, 40.6], [21.2, 39.8]] },
  HOL: { label: [4.3, 53.0], anchor: [5.7, 52.3], seeds: [[6.5, 53.1]] },
  KIE: { anchor: [10.0, 54.0], seeds: [[9.4, 54.6], [8.6, 52.9], [10.6, 52.4]] },
  LON: { anchor: [-0.4, 51.6], seeds: [[0.9, 52.4], [0.6, 51.2]] },
  LVN: { anchor: [25.0, 57.3], seeds: [[23.2, 56.4], [27.0, 56.3], [25.0, 58.8], [27.5, 58.0]] },
  LVP: { label: [-4.9, 54.1], anchor: [-2.9, 54.2], seeds: [[-3.0, 54.6], [-4.1, 55.1]] },
  MAR: { anchor: [5.3, 43.9], seeds: [[4.0, 44.3], [6.4, 44.4], [3.3, 43.6]] },
  MOS: { anchor: [37.6, 55.7], seeds: [[33.5, 55.2], [42.0, 56.0], [46.0, 58.0], [39.0, 58.3], [38.0, 53.3], [44.0, 53.5]] },
  MUN: { anchor: [11.4, 48.2], seeds: [[10.4, 49.8], [9.0, 48.5], [12.5, 50.7]] },
  NAF: { anchor: [1.5, 35.3], seeds: [[-5.0, 34.2], [-2.0, 34.5], [5.0, 35.6], [-7.5, 32.5]] },
  NAP: { anchor: [15.0, 40.6], seeds: [[16.3, 39.2], [14.2, 37.6]] },
  NWY: { anchor: [9.3, 61.0], seeds: [[6.3, 60.2], [8.0, 58.7], [12.3, 64.2], [16.0, 68.4], [23.5, 70.0], [10.8, 60.2]] },
  PAR: { anchor: [2.3, 48.5], seeds: [[1.2, 47.4], [3.2, 48.2]] },
  PIC: { anchor: [2.2, 50.0], seeds: [[1.3, 50.3]] },
  PIE: { anchor: [7.7, 45.0], seeds: [[8.8, 44.5]] },
  POR: { anchor: [-8.0, 39.6], seeds: [[-8.2, 41.2], [-8.0, 37.6]] },
  PRU: { anchor: [20.5, 54.0], seeds: [[16.8, 53.8], [22.2, 54.6], [18.5, 53.6]] },
  ROM: { anchor: [12.6, 42.0], seeds: [[12.0, 42.6], [13.3, 41.5]] },
  RUH: { anchor: [7.3, 51.2], seeds: [[8.2, 50.4]] },
  RUM: { anchor: [25.5, 44.6], seeds: [[27.3, 46.4], [28.4, 44.6], [23.8, 44.6]] },
  SER: { anchor: [21.0, 44.0], seeds: [[21.5, 42.6], [19.6, 44.1]] },
  SEV: { anchor: [36.5, 46.8], seeds: [[34.0, 45.1], [31.6, 46.8], [40.0, 46.2], [44.0, 48.0], [41.5, 44.1], [45.5, 51.0], [38.0, 44.9], [46.5, 45.0]] },
  SIL: { anchor: [17.0, 51.1], seeds: [[15.8, 51.2], [18.6, 50.5]] },
  SMY: { anchor: [28.8, 38.6], seeds: [[27.4, 38.4], [31.0, 37.5], [34.5, 37.1], [32.5, 38.6], [29.0, 37.0]] },
  SPA: { anchor: [-3.7, 40.2], seeds: [[-5.5, 42.3], [-7.6, 42.9], [-1.5, 41.8], [-4.5, 37.8], [-1.0, 39.0], [1.5, 41.7]], coasts: { NC: [-5.3, 43.2], SC: [-3.0, 37.0] } },
  STP: { anchor: [33.0, 61.5], seeds: [[30.4, 59.8], [33.5, 64.0], [38.5, 64.8], [45.0, 63.5], [34.5, 67.5], [41.0, 60.5]], coasts: { NC: [35.0, 68.4], SC: [29.6, 60.3] } },
  SWE: { anchor: [15.0, 59.5], seeds: [[13.9, 57.0], [13.5, 56.0], [16.0, 62.5], [18.5, 65.3], [21.0, 67.8], [17.5, 60.0]] },
  SYR: { anchor: [37.0, 35.2], seeds: [[36.2, 33.5], [35.1, 31.6], [39.0, 36.5], [38.5, 33.5]] },
  TRI: { anchor: [14.6, 45.6], seeds: [[15.8, 45.5], [17.8, 44.3], [16.4, 43.6]] },
  TUN: { anchor: [9.6, 35.8], seeds: [[9.4, 33.8], [10.0, 36.8]] },
  TUS: { anchor: [11.1, 43.4], seeds: [[10.6, 44.0]] },
  TYR: { anchor: [11.3, 46.8], seeds: [[13.5, 47.3], [10.2, 46.5]] },
  UKR: { anchor: [30.5, 49.5], seeds: [[34.5, 50.0], [28.3, 49.2], [32.0, 51.2], [27.5, 50.8]] },
  VEN: { anchor: [11.8, 45.5], seeds: [[10.2, 45.4], [12.8, 43.9], [13.3, 43.4]] },
  VIE: { anchor: [15.9, 48.1], seeds: [[16.2, 47.1], [14.5, 48.2]] },
  WAL: { anchor: [-3.7, 52.3], seeds: [[-3.3, 51.6], [-4.5, 50.5]] },
  WAR: { anchor: [21.0, 52.2], seeds: [[19.3, 51.2], [23.5, 52.4], [25.5, 52.2], [22.0, 50.8]] },
  YOR: { label: [0.7, 54.0], anchor: [-1.2, 53.8], seeds: [[-1.7, 55.0], [-1.1, 53.2]] },
  SWI: { anchor: [8.2, 46.8] },
};

// prettier-ignore
export const SEA: Readonly<Record<string, ProvinceAnchors>> = {
  ADR: { anchor: [15.2, 43.0], seeds: [[13.0, 44.6], [17.8, 41.8]] },
  AEG: { anchor: [25.0, 38.6], seeds: [[24.4, 40.2], [26.0, 36.6]] },
  BAL: { anchor: [18.0, 55.6], seeds: [[15.0, 54.8], [19.8, 58.0], [12.5, 54.7], [23.2, 57.6]] },
  BAR: { anchor: [36.0, 71.3], seeds: [[26.0, 73.0], [48.0, 70.5], [38.0, 66.3], [33.0, 70.0]] },
  BLA: { anchor: [34.0, 43.3], seeds: [[30.0, 43.4], [38.0, 42.7], [36.5, 45.7]] },
  BOT: { anchor: [20.4, 62.0], seeds: [[22.7, 64.7], [20.0, 60.8], [24.5, 59.8], [27.5, 60.0]] },
  EAS: { anchor: [31.0, 34.0], seeds: [[28.0, 34.5], [34.3, 33.7]] },
  ENG: { anchor: [-2.6, 49.9], seeds: [[-5.5, 49.3], [0.7, 50.3], [1.5, 50.9]] },
  HEL: { anchor: [7.6, 54.2] },
  ION: { anchor: [18.0, 37.0], seeds: [[20.0, 35.0], [15.0, 35.0], [19.0, 39.0], [21.0, 36.5], [13.0, 33.5]] },
  IRI: { anchor: [-5.2, 53.4], seeds: [[-6.5, 51.5], [-5.2, 54.3]] },
  LYO: { anchor: [5.0, 42.3], seeds: [[3.5, 42.6], [8.0, 43.6], [7.5, 42.5]] },
  MAO: { label: [-10.5, 45.6], anchor: [-11.5, 43.5], seeds: [[-4.5, 45.3], [-10.0, 46.0], [-22.0, 43.0], [-20.0, 36.0], [-10.0, 36.5], [-6.5, 36.0], [-13.0, 31.0]] },
  NAO: { anchor: [-15.5, 56.5], seeds: [[-25.0, 56.0], [-15.0, 55.0], [-28.0, 50.0], [-20.0, 61.0], [-12.0, 57.0]] },
  NTH: { anchor: [3.0, 56.0], seeds: [[2.0, 54.0], [4.5, 58.5], [0.5, 58.0]] },
  NWG: { anchor: [2.0, 65.5], seeds: [[5.0, 70.0], [-8.0, 68.0], [2.0, 63.0], [14.0, 70.5]] },
  SKA: { anchor: [9.2, 57.9], seeds: [[11.3, 57.0]] },
  TYS: { anchor: [12.0, 40.0], seeds: [[10.5, 42.5], [11.5, 38.8], [13.0, 39.0]] },
  WES: { anchor: [2.0, 38.5], seeds: [[-2.0, 36.3], [5.0, 38.0], [7.0, 38.2]] },
};

/** Places that are no province: impassable land and water. */
// prettier-ignore
export const FILLERS: readonly { readonly name: string; readonly kind: 'land' | 'sea'; readonly seeds: readonly LonLat[] }[] = [
  { name: 'Ireland', kind: 'land', seeds: [[-8.0, 53.3], [-8.5, 52.2], [-7.5, 54.6]] },
  { name: 'Iceland', kind: 'land', seeds: [[-18.5, 64.9]] },
  { name: 'Corsica', kind: 'land', seeds: [[9.1, 42.1]] },
  { name: 'Sardinia', kind: 'land', seeds: [[9.0, 40.0]] },
  { name: 'Balearic Islands', kind: 'land', seeds: [[2.9, 39.6]] },
  { name: 'Crete', kind: 'land', seeds: [[24.9, 35.2]] },
  { name: 'Cyprus', kind: 'land', seeds: [[33.2, 35.1]] },
  { name: 'Sahara', kind: 'land', seeds: [[-5.0, 29.0], [3.0, 29.5], [10.0, 30.5], [15.0, 31.0], [20.0, 30.0], [26.0, 30.0], [31.0, 29.0], [-12.0, 27.0]] },
  { name: 'Arabia and Persia', kind: 'land', seeds: [[40.0, 32.0], [43.5, 35.5], [46.8, 38.6], [48.5, 40.5], [37.0, 29.5]] },
  { name: 'Caspian Sea', kind: 'sea', seeds: [[50.5, 42.0], [51.0, 39.0], [50.0, 45.5]] },
];
