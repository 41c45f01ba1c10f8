/** A map picture (src/diplomacy/picture) as a PNG attachment for the outbox: results reports and MAP. */
import { createHash } from 'node:crypto';
import type { OutboxAttachment } from '../../db/outbox.js';
import { STANDARD_GEOMETRY, renderMapSvg, renderPhonePng, renderPhonePngAsync, renderWidePng, renderWidePngAsync, type MapLayout, type MapPicture } from '../../diplomacy/picture/index.js';
import { STANDARD_MAP } from '../../diplomacy/map/standard.js';

export function mapAttachment(picture: MapPicture, filename: string, cid?: string, layout: MapLayout = 'wide'): OutboxAttachment {
  // The phone layout from one raster of the map (issue 29: phone-png.ts), never its two-window SVG.
  if (layout === 'phone') return attachmentOf(renderPhonePng(picture, STANDARD_GEOMETRY, STANDARD_MAP), filename, cid);
  return attachmentOf(pngOf(picture), filename, cid);
}

/**
 * The last few pictures drawn, by their SVG (the same SVG always gives the same picture): the boards of
 * a tournament round start from one position, so their game-start maps are one picture (issue 29).
 */
const recent = new Map<string, Buffer>();
const RECENT_PICTURES = 4;

/** The wide picture drawn in layers (issue 29: src/diplomacy/picture/map-raster.ts), by its SVG. */
function pngOf(picture: MapPicture): Buffer {
  const key = createHash('sha256').update(renderMapSvg(picture, STANDARD_GEOMETRY, STANDARD_MAP, 'wide')).digest('hex');
  const hit = recent.get(key);
  if (hit) return hit;
  const png = renderWidePng(picture, STANDARD_GEOMETRY, STANDARD_MAP);
  recent.set(key, png);
  if (recent.size > RECENT_PICTURES) recent.delete(recent.keys().next().value!);
  return png;
}

function attachmentOf(png: Buffer, filename: string, cid: string | undefined): OutboxAttachment {
  return { filename, contentType: 'image/png', content: png.toString('base64'), ...(cid ? { cid } : {}) };
}

/** `S1901M.png` → `S1901M-phone.png`. */
export function phoneFilename(filename: string): string {
  return filename.replace(/(\.png)?$/i, '-phone.png');
}

/** The layouts drawn for a results report: the wide map (inline in the HTML form) and the phone one. */
export interface MapLayouts {
  readonly wide?: OutboxAttachment;
  readonly phone?: OutboxAttachment;
}

/**
 * Issue 28's two layouts of a results map, the wide one (inline in the HTML form by `cid`) and the
 * phone one (`<name>-phone.png`), each drawn in layers (map-raster.ts: the static base cached, only
 * the picture's own marks rendered), rasterized off the main thread and both at once (issue 29: at a
 * deadline of many boards the maps are most of the work; this way one judge process draws on every
 * core while its event loop serves the other games' SQL); only the layouts some reader wants
 * (`MAPS`, src/db/map-choices.ts) are drawn.
 */
export async function mapLayoutsAsync(picture: MapPicture, filename: string, cid: string | undefined, want: { readonly wide: boolean; readonly phone: boolean }): Promise<MapLayouts> {
  const [wide, phone] = await Promise.all([
    want.wide ? renderWidePngAsync(picture, STANDARD_GEOMETRY, STANDARD_MAP) : undefined,
    want.phone ? renderPhonePngAsync(picture, STANDARD_GEOMETRY, STANDARD_MAP) : undefined,
  ]);
  return { ...(wide ? { wide: attachmentOf(wide, filename, cid) } : {}), ...(phone ? { phone: attachmentOf(phone, phoneFilename(filename), undefined) } : {}) };
}
