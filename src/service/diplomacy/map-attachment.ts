/** A map picture (src/diplomacy/picture) as a PNG attachment for the outbox: results reports and MAP. */
import type { OutboxAttachment } from '../../db/outbox.js';
import { STANDARD_GEOMETRY, renderMapSvg, renderPng, type MapLayout, type MapPicture } from '../../diplomacy/picture/index.js';
import { STANDARD_MAP } from '../../diplomacy/map/standard.js';

export function mapAttachment(picture: MapPicture, filename: string, cid?: string, layout: MapLayout = 'wide'): OutboxAttachment {
  const png = renderPng(renderMapSvg(picture, STANDARD_GEOMETRY, STANDARD_MAP, layout));
  return { filename, contentType: 'image/png', content: png.toString('base64'), ...(cid ? { cid } : {}) };
}

/** `S1901M.png` → `S1901M-phone.png`. */
export function phoneFilename(filename: string): string {
  return filename.replace(/(\.png)?$/i, '-phone.png');
}

/**
 * Issue 28: the wide map (inline in the HTML form by `cid`) and the phone layout beside it
 * (`<name>-phone.png`: the map in two stacked halves with larger names, readable at 400 px wide).
 */
export function mapAttachments(picture: MapPicture, filename: string, cid?: string): OutboxAttachment[] {
  return [mapAttachment(picture, filename, cid), mapAttachment(picture, phoneFilename(filename), undefined, 'phone')];
}
