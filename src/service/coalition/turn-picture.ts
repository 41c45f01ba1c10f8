/**
 * A Coalition turn's grid picture (src/coalition/picture) as a PNG attachment for the movement update:
 * drawn once per turn, attached to every copy and shown inline (cid) in the HTML form.
 */
import type { Army, Battle, MovementUpdate, WorldMap } from '../../coalition/index.js';
import { pictureOfMovement, pictureStanding, renderGridSvg, renderPng, type GridPicture } from '../../coalition/picture/index.js';
import type { OutboxAttachment } from '../../db/outbox.js';

/**
 * What the picture shows: the armies as they stand when the update is sent (`standing`: after the
 * battles the lock rolled, 3.1, 4.2.5), this turn's moves as arrows, the battles announced now.
 */
export function turnPictureModel(gameId: string, turn: number, map: WorldMap, before: readonly Army[], movement: MovementUpdate, lockAt: Date, standing: readonly Army[], battles: readonly Battle[]): GridPicture {
  const lock = `${lockAt.toISOString().slice(0, 16).replace('T', ' ')} GMT`;
  const n = battles.length;
  const moved = pictureOfMovement(map, before, movement, `TURN ${turn} - MOVEMENT UPDATE`, `${gameId}, LOCKED ${lock}, ${n} BATTLE${n === 1 ? '' : 'S'}`);
  return pictureStanding(moved, standing, battles);
}

/** The attachment `<game>-T<turn>.png` with cid `grid-<game>-t<turn>`. */
export function turnPicture(gameId: string, turn: number, picture: GridPicture): OutboxAttachment {
  const png = renderPng(renderGridSvg(picture));
  const name = `${gameId}-T${turn}`;
  return { filename: `${name}.png`, contentType: 'image/png', content: png.toString('base64'), cid: `grid-${name}`.toLowerCase() };
}
