/** A map picture (src/diplomacy/picture) as a PNG attachment for the outbox: results reports and MAP. */
import type { OutboxAttachment } from '../db/outbox.js';
import { STANDARD_GEOMETRY, renderMapSvg, renderPng, type MapPicture } from '../diplomacy/picture/index.js';

export function mapAttachment(picture: MapPicture, filename: string, cid?: string): OutboxAttachment {
  const png = renderPng(renderMapSvg(picture, STANDARD_GEOMETRY));
  return { filename, contentType: 'image/png', content: png.toString('base64'), ...(cid ? { cid } : {}) };
}
