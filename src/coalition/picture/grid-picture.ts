/**
 * What a Coalition grid picture shows, as plain data: the map (terrain and sites), every army where it
 * stands, and — after a movement update — this turn's moves (carried out, stopped short, or rejected,
 * with where each aimed) and the battles. Built from a world (map + armies) or from a turn's
 * {@link MovementUpdate}. Pure.
 */
import type { Army } from '../armies/army.js';
import type { Battle, MovementOutcome, MovementUpdate } from '../movement/types.js';
import { readOrderText } from '../movement/select-orders.js';
import type { WorldMap } from '../world/map.js';
import { keyOf, parseSquare, type SquareKey } from '../world/square.js';

/** An army as the picture draws it: the roster number is its place in {@link GridPicture.armies} (1-based). */
export interface PictureArmy {
  readonly name: string;
  readonly team: Army['team'];
  readonly rank: string;
  readonly at: SquareKey;
}

/** One army's move this turn: `from` its square at the lock, `to` where it ended, `aim` where it was ordered to. */
export interface PictureMove {
  readonly army: string;
  readonly from: SquareKey;
  readonly to: SquareKey;
  readonly aim: SquareKey;
  readonly outcome: Exclude<MovementOutcome, 'held'>;
}

export interface GridPicture {
  /** The heading, upper case: `TURN 3 - MOVEMENT UPDATE`. */
  readonly title: string;
  /** A second heading line (the game, the lock), or empty. */
  readonly subtitle: string;
  readonly map: WorldMap;
  readonly armies: readonly PictureArmy[];
  readonly moves: readonly PictureMove[];
  readonly battles: readonly Pick<Battle, 'square' | 'armies' | 'attacker'>[];
}

function pictureArmy(a: Pick<Army, 'name' | 'team' | 'rank' | 'at'>, at: SquareKey = a.at): PictureArmy {
  return { name: a.name, team: a.team, rank: a.rank, at: canonical(at) };
}

/** `5e` → `5E` (keys as the map uses them); text that is no square is kept as written. */
function canonical(text: string): SquareKey {
  const s = parseSquare(text);
  return s ? keyOf(s) : text;
}

/** The picture of a world as it stands: no moves, no battles. */
export function pictureOfWorld(map: WorldMap, armies: readonly Pick<Army, 'name' | 'team' | 'rank' | 'at'>[], title: string, subtitle = ''): GridPicture {
  return { title, subtitle, map, armies: armies.map((a) => pictureArmy(a)), moves: [], battles: [] };
}

/** The square an order aimed at this turn (the first leg of a long move, 3.2.2.3), or undefined for no move. */
function aimOf(army: string, order: string): SquareKey | undefined {
  const read = readOrderText(army, order);
  if (!('action' in read)) {
    // An order that does not read (too far, diagonal): the last square it names after a `>`, as written.
    const squares = [...order.matchAll(/>\s*\(?\s*(\d{1,2}\s*[A-Na-n])\b/g)].map((m) => parseSquare(m[1]!)).filter((q) => q !== undefined);
    const last = squares[squares.length - 1];
    return last ? keyOf(last) : undefined;
  }
  const a = read.action;
  if (a.kind === 'move') return keyOf(a.legs[0].to);
  if (a.kind === 'jointEngage') return keyOf(a.to);
  return undefined;
}

/**
 * The picture after a movement update: `before` are the armies at the lock (team and rank come from
 * them), `update` what {@link adjudicateMovement} returned. The order that counted for each army is
 * drawn (superseded orders are not); a rejected move is drawn toward the square it aimed at.
 */
export function pictureOfMovement(map: WorldMap, before: readonly Pick<Army, 'name' | 'team' | 'rank' | 'at'>[], update: Pick<MovementUpdate, 'armies' | 'battles' | 'results'>, title: string, subtitle = ''): GridPicture {
  const key = (name: string) => name.trim().toLowerCase();
  const after = new Map(update.armies.map((a) => [key(a.name), a]));
  const armies = before.map((a) => pictureArmy(a, after.get(key(a.name))?.at ?? a.at));
  const byName = new Map(before.map((a) => [key(a.name), a]));
  // Every move that happened, drawn from where the army stood to where the update put it (not the latest
  // order: 3.3.6 picks the one carried out), and every refused order distinctly, toward where it aimed.
  // Superseded orders (3.3.6) are not drawn.
  const moves: PictureMove[] = [];
  const drawn = new Set<string>();
  for (const r of update.results) {
    const k = key(r.army);
    if (r.code === 'superseded' || r.outcome === 'held' || !byName.has(k)) continue;
    const army = byName.get(k)!;
    const from = canonical(after.get(k)?.from ?? army.at);
    if (r.outcome === 'rejected') {
      const aim = aimOf(army.name, r.order);
      if (aim === undefined || aim === from) continue; // a refused order with no square to draw (a transfer, an intercept)
      moves.push({ army: army.name, from, to: from, aim, outcome: 'rejected' });
      continue;
    }
    if (drawn.has(k)) continue;
    const to = canonical(after.get(k)?.at ?? r.to ?? from);
    const aim = aimOf(army.name, r.order) ?? to;
    if (from === to && aim === from) continue; // nothing to draw (an intercept that waited, a transfer)
    drawn.add(k);
    moves.push({ army: army.name, from, to, aim, outcome: r.outcome });
  }
  // An army the update moved with no result of its own drawn (carried moves, 3.2.2.3): its move still shows.
  for (const a of update.armies) {
    const k = key(a.name);
    if (drawn.has(k) || !byName.has(k) || canonical(a.from) === canonical(a.at)) continue;
    moves.push({ army: byName.get(k)!.name, from: canonical(a.from), to: canonical(a.at), aim: canonical(a.at), outcome: 'moved' });
  }
  const battles = update.battles.map((b) => ({ square: canonical(b.square), armies: [...b.armies], attacker: b.attacker }));
  return { title, subtitle, map, armies, moves, battles };
}

/**
 * The picture as the world stands when the update is sent (3.1: the lock also rolls last turn's judged
 * battles): every army at its square in `standing` (a loser moved out, 4.2.5), those no longer in it
 * (killed, 4.2.5, 4.3.1) dropped with their moves; this turn's moves stay as arrows; the battles are
 * `battles` (those announced now), when given.
 */
export function pictureStanding(picture: GridPicture, standing: readonly Pick<Army, 'name' | 'at'>[], battles?: readonly Pick<Battle, 'square' | 'armies' | 'attacker'>[]): GridPicture {
  const key = (name: string) => name.trim().toLowerCase();
  const now = new Map(standing.map((a) => [key(a.name), canonical(a.at)]));
  return {
    ...picture,
    armies: picture.armies.filter((a) => now.has(key(a.name))).map((a) => ({ ...a, at: now.get(key(a.name))! })),
    moves: picture.moves.filter((m) => now.has(key(m.army))),
    ...(battles ? { battles: battles.map((b) => ({ square: canonical(b.square), armies: [...b.armies], attacker: b.attacker })) } : {}),
  };
}
