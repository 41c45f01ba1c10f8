/** A map picture (src/diplomacy/picture) as a PNG attachment for the outbox: results reports and MAP. */
import type { OutboxAttachment } from '../../db/outbox.js';
import { STANDARD_GEOMETRY, renderPhonePng, renderPhonePngAsync, renderWidePng, renderWidePngAsync, type MapLayout, type MapPicture } from '../../diplomacy/picture/index.js';
import { STANDARD_MAP } from '../../diplomacy/index.js';
import { recentPicture, recentPictureAsync } from './recent-pictures.js';

export function mapAttachment(picture: MapPicture, filename: string, cid?: string, layout: MapLayout = 'wide'): OutboxAttachment {
  // Drawn in layers (issue 29: map-raster.ts); the phone layout from one raster of the map
  // (phone-png.ts), never its two-window SVG; a picture drawn lately not drawn again (recent-pictures.ts).
  const draw = layout === 'phone' ? () => renderPhonePng(picture, STANDARD_GEOMETRY, STANDARD_MAP) : () => renderWidePng(picture, STANDARD_GEOMETRY, STANDARD_MAP);
  return attachmentOf(recentPicture(picture, layout, draw), filename, cid);
}

function attachmentOf(base64: string, filename: string, cid: string | undefined): OutboxAttachment {
  return { filename, contentType: 'image/png', content: base64, ...(cid ? { cid } : {}) };
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
 * (`MAPS`, src/db/map-choices.ts) are drawn, and a picture drawn lately (the same input) is not
 * drawn again (recent-pictures.ts).
 */
export async function mapLayoutsAsync(picture: MapPicture, filename: string, cid: string | undefined, want: { readonly wide: boolean; readonly phone: boolean }): Promise<MapLayouts> {
  const [wide, phone] = await Promise.all([
    want.wide ? recentPictureAsync(picture, 'wide', () => renderWidePngAsync(picture, STANDARD_GEOMETRY, STANDARD_MAP)) : undefined,
    want.phone ? recentPictureAsync(picture, 'phone', () => renderPhonePngAsync(picture, STANDARD_GEOMETRY, STANDARD_MAP)) : undefined,
  ]);
  return { ...(wide ? { wide: attachmentOf(wide, filename, cid) } : {}), ...(phone ? { phone: attachmentOf(phone, phoneFilename(filename), undefined) } : {}) };
}
