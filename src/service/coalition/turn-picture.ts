/**
 * A Coalition turn's grid picture (src/coalition/picture) as a PNG attachment for the movement update:
 * drawn once per turn, attached to every copy and shown inline (cid) in the HTML form.
 */
import type { Army, MovementUpdate, WorldMap } from '../../coalition/index.js';
import { pictureOfMovement, renderGridSvg, renderPng } from '../../coalition/picture/index.js';
import type { OutboxAttachment } from '../../db/outbox.js';

/** The attachment `<game>-T<turn>.png` with cid `grid-<game>-t<turn>`. */
export function turnPicture(gameId: string, turn: number, map: WorldMap, before: readonly Army[], movement: MovementUpdate, lockAt: Date): OutboxAttachment {
  const battles = movement.battles.length;
  const lock = `${lockAt.toISOString().slice(0, 16).replace('T', ' ')} GMT`;
  const picture = pictureOfMovement(map, before, movement, `TURN ${turn} - MOVEMENT UPDATE`, `${gameId}, LOCKED ${lock}, ${battles} BATTLE${battles === 1 ? '' : 'S'}`);
  const png = renderPng(renderGridSvg(picture));
  const name = `${gameId}-T${turn}`;
  return { filename: `${name}.png`, contentType: 'image/png', content: png.toString('base64'), cid: `grid-${name}`.toLowerCase() };
}
