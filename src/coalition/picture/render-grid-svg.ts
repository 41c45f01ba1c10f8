/**
 * The Coalition grid as SVG, drawn by the project from a {@link GridPicture}. Pure and deterministic:
 * the same picture gives the same text byte for byte (numbers rounded, text as stroked paths from the
 * shared stroke font, no ids from outside the call).
 *
 * Portrait, for a phone: the 14 row letters A–N run across the top and the 38 numbers down both sides,
 * so a square `5E` (1.2: number, then letter) is row 5, column E. One `<rect data-square>` per square.
 *
 * What tells things apart without colour: terrain by a symbol in the square's corner (waves, islands,
 * peak, tree, reeds; plains plain); sites by shape and letter (a base is a hollow square with its
 * faction's letter W U B R G 5 C, a portal a hollow square with P, a town a hollow circle with T —
 * 1.2's "hollow squares"); a destroyed site is crossed out (1.7.1); armies by shape (Coalition circle,
 * Phyrexia diamond, mercenary triangle) with their roster number, named in the roster below the grid;
 * moves carried out are solid arrows from a tag with the army's number, stopped ones solid to the stop
 * and dotted on, rejected ones dashed with a cross; a battle is a star under half-size marks (1.2: "drawn at half size").
 */
import { ink, textPath, textWidth } from '../../rules/picture/index.js';
import { MAP_COLUMNS, MAP_ROWS } from '../posts/post.js';
import { TERRAINS, terrainAt, type Faction, type Site, type Team, type Terrain } from '../world/map.js';
import { parseSquare, rowIndex, type SquareKey } from '../world/square.js';
import type { GridPicture, PictureArmy, PictureMove } from './grid-picture.js';

/** Pixels per square. */
export const SQUARE_SIZE = 38;
const S = SQUARE_SIZE;
const SIDE = 30; // the number labels left and right of the grid
const TITLE = 52;
const LETTERS = 22; // the letter labels above and below the grid
/** The picture's width: the 14 columns A–N and the labels. */
export const GRID_WIDTH = SIDE * 2 + MAP_ROWS.length * S;
const GRID_LEFT = SIDE;
const GRID_TOP = TITLE + LETTERS;

/** Terrain fills (muted, so marks stay readable); the symbol is the cue that does not need colour. */
export const TERRAIN_COLOURS: Readonly<Record<Terrain, string>> = {
  ocean: '#9cc3e0',
  islands: '#bfe0d6',
  plains: '#f4eed5',
  mountain: '#cdbba3',
  forest: '#a9cf9b',
  swamp: '#c4c79c',
};

/** Team colours (Okabe–Ito); the mark's shape tells the team too. */
export const TEAM_COLOURS: Readonly<Record<Team, string>> = {
  coalition: '#0072b2',
  phyrexia: '#d55e00',
  mercenary: '#cc79a7',
};

/** 1.2: bases have their faction's colour, the colourless one the old artifacts' brown; portals are grey. */
export const FACTION_COLOURS: Readonly<Record<Faction, string>> = {
  red: '#d55e00',
  white: '#ffffff',
  blue: '#0072b2',
  green: '#009e73',
  black: '#1a1a1a',
  'five-colour': '#e69f00',
  colourless: '#8b5a2b',
};
const PORTAL = '#8c8c8c';
const TOWN = '#6b4f2a';

/** The faction's letter on its base (Magic's W U B R G; 5 for five-colour, C for colourless). */
export const FACTION_LETTERS: Readonly<Record<Faction, string>> = {
  white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G', 'five-colour': '5', colourless: 'C',
};

const DARK = '#1a1a1a';
const GRID_LINE = '#6f6f6f';
const SYMBOL = '#3a3a3a';
const MARK_R = 12;
const TEAM_ORDER: readonly Team[] = ['coalition', 'phyrexia', 'mercenary'];

const n = (v: number) => (Math.round(v * 10) / 10).toString();

/** The top-left corner of a square in the picture. */
export function squareOrigin(key: SquareKey): [number, number] {
  const s = parseSquare(key);
  if (!s) throw new Error(`grid picture: "${key}" is not a square`);
  return [GRID_LEFT + rowIndex(s) * S, GRID_TOP + (s.col - 1) * S];
}

/** The centre of a square in the picture. */
export function squareCentre(key: SquareKey): [number, number] {
  const [x, y] = squareOrigin(key);
  return [x + S / 2, y + S / 2];
}

function label(text: string, x: number, y: number, size: number, colour = DARK, align: 'middle' | 'start' = 'middle', halo = true): string {
  const d = textPath(text, x, y, size, align);
  if (!d) return '';
  const w = Math.max(1.2, size / 7.5);
  return `${halo ? `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${n(w + 2.6)}" stroke-linecap="round" stroke-linejoin="round"/>` : ''}<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A terrain's symbol in a 10×8 box at (x, y), as path data; plains has none. */
function terrainSymbol(t: Terrain, x: number, y: number): string {
  const p = (dx: number, dy: number) => `${n(x + dx)} ${n(y + dy)}`;
  switch (t) {
    case 'ocean':
      return `M${p(0, 3)}Q${p(1.5, 0)} ${p(3, 3)}T${p(6, 3)}T${p(9, 3)}M${p(0, 7)}Q${p(1.5, 4)} ${p(3, 7)}T${p(6, 7)}T${p(9, 7)}`;
    case 'islands':
      return `M${p(0, 6)}Q${p(2.5, 1.5)} ${p(5, 6)}ZM${p(5.5, 7.5)}Q${p(7.7, 3.5)} ${p(10, 7.5)}Z`;
    case 'mountain':
      return `M${p(0, 8)}L${p(3.5, 1)}L${p(6, 5.5)}L${p(7.5, 3)}L${p(10, 8)}`;
    case 'forest':
      return `M${p(2.5, 0)}L${p(5, 5)}L${p(0, 5)}ZM${p(2.5, 5)}L${p(2.5, 8)}M${p(7.5, 1.5)}L${p(10, 6)}L${p(5, 6)}ZM${p(7.5, 6)}L${p(7.5, 8)}`;
    case 'swamp':
      return `M${p(0, 8)}L${p(10, 8)}M${p(2, 8)}L${p(1, 3)}M${p(5, 8)}L${p(5, 1.5)}M${p(8, 8)}L${p(9, 3)}`;
    case 'plains':
      return '';
  }
}

/** The mark of an army: a circle (Coalition), a diamond (Phyrexia) or a triangle (mercenary), with its number (none when 0, in the key). */
export function armyMark(team: Team, number: number, at: readonly [number, number], scale = 1): string {
  const [x, y] = at;
  const r = MARK_R * scale;
  const colour = TEAM_COLOURS[team];
  const shape =
    team === 'coalition' ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"`
      : team === 'phyrexia' ? `<path d="M${n(x)} ${n(y - r * 1.15)}L${n(x + r * 1.15)} ${n(y)}L${n(x)} ${n(y + r * 1.15)}L${n(x - r * 1.15)} ${n(y)}Z"`
        : `<path d="M${n(x)} ${n(y - r * 1.2)}L${n(x + r * 1.25)} ${n(y + r * 0.95)}L${n(x - r * 1.25)} ${n(y + r * 0.95)}Z"`;
  const size = (number >= 10 ? 8 : 9) * scale;
  const ty = y + size / 2 + (team === 'mercenary' ? 2.5 * scale : 0);
  const digits = number > 0 ? `<path d="${textPath(String(number), x, ty, size)}" fill="none" stroke="${ink(colour)}" stroke-width="${n(Math.max(1.3, 1.7 * scale))}" stroke-linecap="round" stroke-linejoin="round"/>` : '';
  return `<g${number > 0 ? ` data-army="${number}"` : ''}>${shape} fill="${colour}" stroke="${DARK}" stroke-width="1.5" stroke-linejoin="round"/>${digits}</g>`;
}

function siteColour(site: Site): string {
  return site.kind === 'base' ? FACTION_COLOURS[site.colour] : site.kind === 'portal' ? PORTAL : TOWN;
}

function siteLetter(site: Site): string {
  return site.kind === 'base' ? FACTION_LETTERS[site.colour] : site.kind === 'portal' ? 'P' : 'T';
}

/** A site's mark on its square: a hollow square (base, portal) or circle (town), its letter, a cross when destroyed. */
function siteMark(key: SquareKey, site: Site): string {
  const [x, y] = squareOrigin(key);
  const colour = siteColour(site);
  const out: string[] = [];
  if (site.kind === 'town') {
    const [cx, cy] = [x + S / 2, y + S / 2];
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(S / 2 - 4)}" fill="none" stroke="${DARK}" stroke-width="6"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(S / 2 - 4)}" fill="none" stroke="${colour}" stroke-width="3.6"/>`);
  } else {
    const i = 4;
    out.push(`<rect x="${n(x + i)}" y="${n(y + i)}" width="${n(S - 2 * i)}" height="${n(S - 2 * i)}" fill="none" stroke="${DARK}" stroke-width="6.4"/><rect x="${n(x + i)}" y="${n(y + i)}" width="${n(S - 2 * i)}" height="${n(S - 2 * i)}" fill="none" stroke="${colour}" stroke-width="4"/>`);
    if (site.kind === 'portal') out.push(`<rect x="${n(x + i + 4)}" y="${n(y + i + 4)}" width="${n(S - 2 * i - 8)}" height="${n(S - 2 * i - 8)}" fill="none" stroke="${colour}" stroke-width="1.6"/>`);
  }
  // The letter in a white tab at the top-left corner.
  out.push(`<rect x="${n(x + 1)}" y="${n(y + 1)}" width="11" height="12" fill="#ffffff" stroke="${DARK}" stroke-width="1"/>`);
  out.push(`<path d="${textPath(siteLetter(site), x + 6.5, y + 10.5, 8)}" fill="none" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>`);
  if (site.kind !== 'town' && site.destroyed) {
    const d = `M${n(x + 3)} ${n(y + 3)}L${n(x + S - 3)} ${n(y + S - 3)}M${n(x + S - 3)} ${n(y + 3)}L${n(x + 3)} ${n(y + S - 3)}`;
    out.push(`<path d="${d}" stroke="#ffffff" stroke-width="5.5" stroke-linecap="round"/><path d="${d}" stroke="${DARK}" stroke-width="2.6" stroke-linecap="round"/>`);
  }
  return `<g data-site="${key}">${out.join('')}</g>`;
}

/** A star (a battle), radius `r`. */
function star(at: readonly [number, number], r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (Math.PI * i) / 8 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.55;
    pts.push(`${n(at[0] + rr * Math.cos(a))} ${n(at[1] + rr * Math.sin(a))}`);
  }
  return `<path d="M${pts.join('L')}Z" fill="#f0e442" stroke="${DARK}" stroke-width="1.5" stroke-linejoin="round"/>`;
}

function cross(at: readonly [number, number], size: number): string {
  const [x, y] = at;
  const d = `M${n(x - size)} ${n(y - size)}L${n(x + size)} ${n(y + size)}M${n(x + size)} ${n(y - size)}L${n(x - size)} ${n(y + size)}`;
  return `<path d="${d}" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/><path d="${d}" stroke="${DARK}" stroke-width="2.4" stroke-linecap="round"/>`;
}

type P = readonly [number, number];

/** A straight segment from `a` to `b`, shortened by `gapA` and `gapB`. */
function segment(a: P, b: P, gapA: number, gapB: number): [P, P] | undefined {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len <= gapA + gapB + 2) return undefined;
  const ux = dx / len;
  const uy = dy / len;
  return [[a[0] + ux * gapA, a[1] + uy * gapA], [b[0] - ux * gapB, b[1] - uy * gapB]];
}

function arrowHead(a: P, b: P, size: number, fill: string): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const base: P = [b[0] - ux * size, b[1] - uy * size];
  const tip: P = [b[0] + ux * size * 0.3, b[1] + uy * size * 0.3];
  const l: P = [base[0] - uy * size * 0.6, base[1] + ux * size * 0.6];
  const r: P = [base[0] + uy * size * 0.6, base[1] - ux * size * 0.6];
  return `<path d="M${n(tip[0])} ${n(tip[1])}L${n(l[0])} ${n(l[1])}L${n(r[0])} ${n(r[1])}Z" fill="${fill}" stroke="${DARK}" stroke-width="1.3" stroke-linejoin="round"/>`;
}

function line(a: P, b: P, colour: string, width: number, dash?: string): string {
  const d = `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
  const da = dash ? ` stroke-dasharray="${dash}"` : '';
  return `<path d="${d}" fill="none" stroke="${DARK}" stroke-width="${n(width + 2.4)}"${da}/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}"${da}/>`;
}

const TAG_AT = S * 0.42;

/** The small number tag at the tail of a move: which army made it. */
function moveTag(at: P, number: number, colour: string): string {
  const size = number >= 10 ? 5 : 6;
  return `<circle cx="${n(at[0])}" cy="${n(at[1])}" r="6.5" fill="#ffffff" stroke="${colour}" stroke-width="2"/><path d="${textPath(String(number), at[0], at[1] + size / 2, size)}" fill="none" stroke="${DARK}" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** One move: carried out (solid arrow), stopped short (solid to the stop, dotted on to the aim), rejected (dashed, crossed, hollow head). */
function moveArrow(m: PictureMove, team: Team, number: number): string {
  const colour = TEAM_COLOURS[team];
  const from = squareCentre(m.from);
  const to = squareCentre(m.to);
  const aim = squareCentre(m.aim);
  const out: string[] = [];
  if (m.outcome === 'rejected') {
    const seg = segment(from, aim, MARK_R + 2, MARK_R + 4);
    if (!seg) return '';
    out.push(line(seg[0], seg[1], '#ffffff', 2.6, '6 4'));
    out.push(arrowHead(seg[0], seg[1], 10, '#ffffff'));
    out.push(cross([(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2], 5));
  } else {
    // The arrow starts at a tag with the army's number near the edge of the square it left, so a move
    // out of a square another army has since entered is not read as that army's.
    const seg = segment(from, to, TAG_AT, MARK_R + 4);
    if (seg) {
      out.push(line(seg[0], seg[1], colour, 3.4));
      out.push(arrowHead(seg[0], seg[1], 11, colour));
      out.push(moveTag(seg[0], number, colour));
    }
    if (m.aim !== m.to) {
      const rest = segment(to, aim, MARK_R + 3, 6);
      if (rest) out.push(`<path d="M${n(rest[0][0])} ${n(rest[0][1])}L${n(rest[1][0])} ${n(rest[1][1])}" fill="none" stroke="${DARK}" stroke-width="2" stroke-dasharray="2 3"/><circle cx="${n(aim[0])}" cy="${n(aim[1])}" r="4" fill="#ffffff" stroke="${DARK}" stroke-width="1.5"/>`);
    }
  }
  return `<g data-move="${m.outcome}">${out.join('')}</g>`;
}

/** The armies in roster order (Coalition, Phyrexia, mercenaries; each in the picture's order), numbered from 1. */
export function rosterOf(picture: GridPicture): { army: PictureArmy; number: number }[] {
  const sorted = TEAM_ORDER.flatMap((t) => picture.armies.filter((a) => a.team === t));
  return sorted.map((army, i) => ({ army, number: i + 1 }));
}

/** Offsets of k half-size marks sharing a square (a battle). */
function sharedOffsets(k: number): P[] {
  if (k <= 1) return [[0, 0]];
  if (k === 2) return [[-9, 0], [9, 0]];
  const four: P[] = [[-9, -8], [9, -8], [-9, 9], [9, 9]];
  return four.slice(0, Math.min(k, 4));
}

const KEY_LINE = 19;
const KEY_SIZE = 9;

/** Lists in the key go in two columns when every line fits in one, else in one. */
function listColumns(lines: readonly string[], indent: number): 1 | 2 {
  const room = (GRID_WIDTH - 24) / 2 - indent - 6;
  return lines.every((l) => textWidth(l, KEY_SIZE - 1) <= room) ? 2 : 1;
}

function rosterLine(a: PictureArmy, battle: boolean): string {
  return `${a.name} ${a.rank} ${a.at}${battle ? ' BATTLE' : ''}`;
}

/** The height of the key for these site and army lines. */
function keyHeight(siteLines: readonly string[], armyLines: readonly string[]): number {
  const terrainRows = 2;
  const markRows = 3; // teams, sites, moves and battles
  const rows = (lines: readonly string[], indent: number) => Math.ceil(lines.length / listColumns(lines, indent));
  return 14 + (terrainRows + markRows) * 26 + 10 + KEY_LINE + rows(siteLines, 0) * KEY_LINE + 10 + KEY_LINE + rows(armyLines, 22) * KEY_LINE + 12;
}

/** Render the picture as an SVG document {@link GRID_WIDTH} wide. Pure; throws only on a square key that is not a square (a bug). */
export function renderGridSvg(picture: GridPicture): string {
  const W = GRID_WIDTH;
  const gridH = MAP_COLUMNS * S;
  const keyTop = GRID_TOP + gridH + LETTERS;
  const sites = Object.entries(picture.map.sites).sort(([a], [b]) => compareSquares(a, b));
  const roster = rosterOf(picture);
  const inBattle = new Set(picture.battles.flatMap((b) => b.armies.map((a) => a.trim().toLowerCase())));
  const siteLines = sites.map(([k, s]) => siteText(k, s));
  const armyLines = roster.map((e) => rosterLine(e.army, inBattle.has(e.army.name.trim().toLowerCase())));
  const H = keyTop + keyHeight(siteLines, armyLines);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(`<title>${escapeXml(picture.title)}</title>`);
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(label(picture.title, 12, 26, 15, DARK, 'start', false));
  if (picture.subtitle) parts.push(label(picture.subtitle, 12, 44, 10, '#333333', 'start', false));

  // The squares: one rect each, shaded by terrain, then the terrain symbols (one path per terrain).
  const cells: string[] = [];
  const symbols: Record<Terrain, string[]> = { ocean: [], islands: [], plains: [], mountain: [], forest: [], swamp: [] };
  for (let col = 1; col <= MAP_COLUMNS; col++) {
    for (let r = 0; r < MAP_ROWS.length; r++) {
      const key = `${col}${MAP_ROWS[r]}`;
      const t = terrainAt(picture.map, key);
      const x = GRID_LEFT + r * S;
      const y = GRID_TOP + (col - 1) * S;
      cells.push(`<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${TERRAIN_COLOURS[t]}" data-square="${key}"/>`);
      const sym = terrainSymbol(t, x + S - 13, y + S - 11);
      if (sym) symbols[t].push(sym);
    }
  }
  parts.push(`<g>${cells.join('')}</g>`);
  const symbolPaths = TERRAINS.filter((t) => symbols[t].length > 0).map((t) => `<path d="${symbols[t].join('')}" fill="${t === 'islands' ? '#f4eed5' : 'none'}" stroke="${SYMBOL}" stroke-width="1.1" stroke-linejoin="round" stroke-linecap="round" data-terrain="${t}"/>`);
  parts.push(`<g>${symbolPaths.join('')}</g>`);

  // Grid lines, a darker one every 5 numbers (to count by), and the labels.
  let thin = '';
  let thick = '';
  for (let r = 0; r <= MAP_ROWS.length; r++) thin += `M${GRID_LEFT + r * S} ${GRID_TOP}V${GRID_TOP + gridH}`;
  for (let c = 0; c <= MAP_COLUMNS; c++) {
    const seg = `M${GRID_LEFT} ${GRID_TOP + c * S}H${GRID_LEFT + MAP_ROWS.length * S}`;
    if (c % 5 === 0 || c === MAP_COLUMNS) thick += seg;
    else thin += seg;
  }
  parts.push(`<path d="${thin}" fill="none" stroke="${GRID_LINE}" stroke-width="0.7"/><path d="${thick}" fill="none" stroke="${DARK}" stroke-width="1.4"/>`);
  const labels: string[] = [];
  for (let r = 0; r < MAP_ROWS.length; r++) {
    const x = GRID_LEFT + r * S + S / 2;
    labels.push(textPath(MAP_ROWS[r]!, x, GRID_TOP - 6, 11), textPath(MAP_ROWS[r]!, x, GRID_TOP + gridH + 16, 11));
  }
  for (let c = 1; c <= MAP_COLUMNS; c++) {
    const y = GRID_TOP + (c - 1) * S + S / 2 + 5.5;
    labels.push(textPath(String(c), SIDE / 2, y, 11), textPath(String(c), W - SIDE / 2, y, 11));
  }
  parts.push(`<path d="${labels.join('')}" fill="none" stroke="${DARK}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`);

  // Sites, their names under them.
  parts.push(`<g>${sites.map(([k, s]) => siteMark(k, s)).join('')}</g>`);
  const names: string[] = [];
  for (const [k, s] of sites) {
    if (!s.name) continue;
    const [cx, cy] = squareCentre(k);
    const w = textWidth(s.name, 7);
    const x = Math.min(Math.max(cx, GRID_LEFT + w / 2 + 2), GRID_LEFT + MAP_ROWS.length * S - w / 2 - 2);
    names.push(label(s.name, x, cy + S / 2 + 9, 7));
  }

  // Site names under the moves (a move's tag stays readable), then moves, battles, armies.
  parts.push(`<g>${names.join('')}</g>`);
  const teamOf = new Map(picture.armies.map((a) => [a.name.trim().toLowerCase(), a.team]));
  const drawable = picture.moves.filter((m) => parseSquare(m.from) && parseSquare(m.to) && parseSquare(m.aim));
  const numberOf = new Map(roster.map((e) => [e.army.name.trim().toLowerCase(), e.number]));
  parts.push(`<g>${drawable.map((m) => moveArrow(m, teamOf.get(m.army.trim().toLowerCase()) ?? 'mercenary', numberOf.get(m.army.trim().toLowerCase()) ?? 0)).join('')}</g>`);
  const bySquare = new Map<SquareKey, { army: PictureArmy; number: number }[]>();
  for (const e of roster) bySquare.set(e.army.at, [...(bySquare.get(e.army.at) ?? []), e]);
  const battleSquares = new Set(picture.battles.map((b) => b.square));
  const marks: string[] = [];
  for (const b of [...battleSquares].sort(compareSquares)) if (parseSquare(b)) marks.push(`<g data-battle="${b}">${star(squareCentre(b), S / 2 - 1)}</g>`);
  for (const [k, here] of [...bySquare.entries()].sort(([a], [b]) => compareSquares(a, b))) {
    if (!parseSquare(k)) continue;
    const c = squareCentre(k);
    const shared = here.length > 1 || battleSquares.has(k);
    const offs = sharedOffsets(here.length);
    here.forEach((e, i) => {
      const o = offs[Math.min(i, offs.length - 1)]!;
      marks.push(armyMark(e.army.team, e.number, [c[0] + o[0], c[1] + o[1]], shared ? 0.68 : 1));
    });
  }
  parts.push(`<g>${marks.join('')}</g>`);
  parts.push(drawKey(picture, roster, siteLines, armyLines, keyTop, W));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Squares in reading order of the picture: by number, then letter. */
function compareSquares(a: string, b: string): number {
  const sa = parseSquare(a);
  const sb = parseSquare(b);
  if (!sa || !sb) return a < b ? -1 : a > b ? 1 : 0;
  return sa.col - sb.col || rowIndex(sa) - rowIndex(sb);
}

const TERRAIN_NAMES: Readonly<Record<Terrain, string>> = { ocean: 'OCEAN', islands: 'ISLANDS', plains: 'PLAINS', mountain: 'MOUNTAIN', forest: 'FOREST', swamp: 'SWAMP' };
const TEAM_NAMES: Readonly<Record<Team, string>> = { coalition: 'COALITION', phyrexia: 'PHYREXIA', mercenary: 'MERCENARY' };
const FACTION_NAMES: Readonly<Record<Faction, string>> = { red: 'RED', white: 'WHITE', blue: 'BLUE', green: 'GREEN', black: 'BLACK', 'five-colour': 'FIVE-COLOUR', colourless: 'COLOURLESS' };

function siteText(key: SquareKey, s: Site): string {
  const kind = s.kind === 'portal' ? 'PORTAL' : 'TOWN';
  // `PORTAL OF VATS`, not `PORTAL PORTAL OF VATS`.
  const what = s.kind === 'base' ? `${FACTION_NAMES[s.colour]} BASE` : s.name?.toUpperCase().includes(kind) ? '' : kind;
  const flags = [s.kind !== 'town' && (s.kind === 'portal' || s.winCondition) ? 'WC' : '', s.kind !== 'town' && s.destroyed ? 'DESTROYED' : ''].filter(Boolean);
  return [key, what, s.name ?? '', ...flags].filter(Boolean).join(' ');
}

/** The key under the grid: terrain, marks, the sites, the armies (number, name, rank, square). */
function drawKey(picture: GridPicture, roster: { army: PictureArmy; number: number }[], siteLines: readonly string[], armyLines: readonly string[], top: number, W: number): string {
  const out: string[] = [];
  const text: string[] = [];
  const colW = (W - 24) / 3;
  let y = top + 14;
  TERRAINS.forEach((t, i) => {
    const x = 12 + (i % 3) * colW;
    const yy = y + Math.floor(i / 3) * 26;
    out.push(`<rect x="${n(x)}" y="${yy}" width="22" height="20" fill="${TERRAIN_COLOURS[t]}" stroke="${GRID_LINE}" stroke-width="0.8"/>`);
    const sym = terrainSymbol(t, x + 6, yy + 6);
    if (sym) out.push(`<path d="${sym}" fill="${t === 'islands' ? '#f4eed5' : 'none'}" stroke="${SYMBOL}" stroke-width="1.1" stroke-linejoin="round" stroke-linecap="round"/>`);
    text.push(textPath(TERRAIN_NAMES[t], x + 30, yy + 14.5, KEY_SIZE, 'start'));
  });
  y += 2 * 26;
  TEAM_ORDER.forEach((t, i) => {
    const x = 12 + i * colW;
    out.push(armyMark(t, 0, [x + 11, y + 10]));
    text.push(textPath(`${TEAM_NAMES[t]} ARMY`, x + 30, y + 14.5, KEY_SIZE, 'start'));
  });
  y += 26;
  const sample: [string, Site][] = [['base', { kind: 'base', team: 'coalition', colour: 'red' }], ['portal', { kind: 'portal', team: 'phyrexia' }], ['town', { kind: 'town' }]];
  sample.forEach(([name, s], i) => {
    const x = 12 + i * colW;
    const c = siteColour(s);
    if (s.kind === 'town') out.push(`<circle cx="${n(x + 11)}" cy="${y + 10}" r="8" fill="none" stroke="${DARK}" stroke-width="5"/><circle cx="${n(x + 11)}" cy="${y + 10}" r="8" fill="none" stroke="${c}" stroke-width="3"/>`);
    else out.push(`<rect x="${n(x + 2)}" y="${y + 1}" width="18" height="18" fill="none" stroke="${DARK}" stroke-width="5"/><rect x="${n(x + 2)}" y="${y + 1}" width="18" height="18" fill="none" stroke="${c}" stroke-width="3"/>`);
    text.push(textPath(name === 'base' ? 'BASE (FACTION)' : name === 'portal' ? 'PORTAL (P)' : 'TOWN (T)', x + 30, y + 14.5, KEY_SIZE, 'start'));
  });
  y += 26;
  const col4 = (W - 24) / 4;
  const moves: [string, PictureMove['outcome']][] = [['MOVED', 'moved'], ['STOPPED', 'partial'], ['REJECTED', 'rejected']];
  moves.forEach(([name, outcome], i) => {
    const x = 12 + i * col4;
    const a: P = [x, y + 10];
    const end: P = [outcome === 'partial' ? x + 20 : x + 36, y + 10];
    if (outcome === 'rejected') out.push(line(a, end, '#ffffff', 2.6, '6 4'), arrowHead(a, end, 9, '#ffffff'), cross([x + 16, y + 10], 4));
    else out.push(line(a, end, TEAM_COLOURS.coalition, 3.4), arrowHead(a, end, 10, TEAM_COLOURS.coalition));
    if (outcome === 'partial') out.push(`<path d="M${n(x + 25)} ${y + 10}L${n(x + 33)} ${y + 10}" stroke="${DARK}" stroke-width="2" stroke-dasharray="2 3"/><circle cx="${n(x + 37)}" cy="${y + 10}" r="4" fill="#ffffff" stroke="${DARK}" stroke-width="1.5"/>`);
    text.push(textPath(name, x + 46, y + 14.5, KEY_SIZE, 'start'));
  });
  out.push(star([12 + 3 * col4 + 12, y + 10], 11));
  text.push(textPath('BATTLE', 12 + 3 * col4 + 30, y + 14.5, KEY_SIZE, 'start'));
  y += 26;
  const halfW = (W - 24) / 2;
  y += 10;
  text.push(textPath(`SITES (WC: WIN CONDITION)`, 12, y + 10, 10, 'start'));
  y += KEY_LINE;
  const siteCols = listColumns(siteLines, 0);
  siteLines.forEach((l, i) => {
    const x = 12 + (i % siteCols) * halfW;
    const yy = y + Math.floor(i / siteCols) * KEY_LINE;
    text.push(textPath(l, x, yy + 10, KEY_SIZE - 1, 'start'));
  });
  y += Math.ceil(siteLines.length / siteCols) * KEY_LINE + 10;
  text.push(textPath(`ARMIES: NUMBER, NAME, RANK, SQUARE${picture.battles.length ? ` - ${picture.battles.length} BATTLE${picture.battles.length > 1 ? 'S' : ''}` : ''}`, 12, y + 10, 10, 'start'));
  y += KEY_LINE;
  const armyCols = listColumns(armyLines, 22);
  roster.forEach((e, i) => {
    const x = 12 + (i % armyCols) * halfW;
    const yy = y + Math.floor(i / armyCols) * KEY_LINE;
    out.push(armyMark(e.army.team, e.number, [x + 9, yy + 6], 0.72));
    text.push(textPath(armyLines[i]!, x + 22, yy + 10, KEY_SIZE - 1, 'start'));
  });
  return `<g>${out.join('')}<path d="${text.join('')}" fill="none" stroke="${DARK}" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
