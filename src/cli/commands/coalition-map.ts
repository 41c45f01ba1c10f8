/**
 * `mailjudge coalition map [--format svg|png] [--seed TEXT] [--title TEXT] < world-or-move.json`: draw
 * the Coalition grid. The input is what `coalition move` reads: `{map, armies}` draws the world as it
 * stands; with `orders`, the turn is carried out exactly as `coalition move` with the same `--seed`
 * carries it out, and the picture shows the armies after it, this turn's moves as arrows (carried out,
 * stopped short, rejected) and the battles. Bad input throws {@link InputError} (exit 2).
 */
import { adjudicateMovement } from '../../coalition/index.js';
import { pictureOfMovement, pictureOfWorld, renderGridSvg, renderPng } from '../../coalition/picture/index.js';
import { InputError } from '../position-json.js';
import { coalitionMoveDice, readCoalitionMoveInput } from './coalition-move.js';

export function runCoalitionMap(input: string, opts: { format?: string; seed?: string; title?: string }): string | Buffer {
  const format = opts.format ?? 'png';
  if (format !== 'svg' && format !== 'png') throw new InputError([`--format: "${format}" is not a format (svg or png)`]);
  const { map, armies, orders, lock } = readCoalitionMoveInput(input);
  let picture;
  if (orders.length === 0) {
    picture = pictureOfWorld(map, armies, (opts.title ?? 'COALITION VS PHYREXIA').toUpperCase(), 'THE ARMIES WHERE THEY STAND');
  } else {
    const update = adjudicateMovement({ map, armies, ...(lock ? { lock } : {}) }, orders, coalitionMoveDice(opts.seed));
    const battles = update.battles.length;
    picture = pictureOfMovement(map, armies, update, (opts.title ?? 'MOVEMENT UPDATE').toUpperCase(), `${orders.length} ORDERS, ${battles} BATTLE${battles === 1 ? '' : 'S'}`);
  }
  const svg = renderGridSvg(picture);
  return format === 'svg' ? svg : renderPng(svg);
}
