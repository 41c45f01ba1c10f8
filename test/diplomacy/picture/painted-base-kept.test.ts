/**
 * Issue 29: the PNG path keeps the last few painted bases (pixels and PNG rows) by the centres'
 * fills (map-raster.ts, `paintedBaseKept`), so a board's wide and phone maps paint one base. A
 * picture drawn on a kept base is byte for byte the one drawn on a base painted afresh (this file's
 * first drawing of each picture, and again after the base was pushed out), in either layout and
 * whichever layout painted it.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP, type Power } from '../../../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, renderPhonePng, renderWidePng, type MapPicture } from '../../../src/diplomacy/picture/index.js';
import { pictureOf } from './pictures.js';

const POWERS: readonly Power[] = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const wide = (p: MapPicture) => renderWidePng(p, STANDARD_GEOMETRY, STANDARD_MAP);
const phone = (p: MapPicture) => renderPhonePng(p, STANDARD_GEOMETRY, STANDARD_MAP);
/** `p` with its centres owned round the powers from `shift`: another base. */
const owners = (p: MapPicture, shift: number): MapPicture => ({ ...p, centers: new Map([...p.centers].map(([id], i) => [id, POWERS[(i + shift) % POWERS.length]!])) });

describe('the painted base kept by the centres\' fills', () => {
  it('gives the bytes of a base painted afresh, in both layouts, and after it was pushed out', () => {
    const a = pictureOf('fall-1902');
    const b = owners(a, 1);
    const phoneA = phone(a); // paints a's base
    const wideB = wide(b); // paints b's
    const wideA = wide(a); // on a's kept base, painted by the phone layout
    expect(phone(a).equals(phoneA)).toBe(true);
    expect(wide(b).equals(wideB)).toBe(true);
    expect(wideA.equals(wideB)).toBe(false);
    // Four other bases push a's and b's out: drawn again on bases painted afresh, the same bytes.
    for (let s = 2; s < 6; s++) wide(owners(a, s));
    expect(wide(a).equals(wideA)).toBe(true);
    expect(phone(a).equals(phoneA)).toBe(true);
    for (let s = 2; s < 6; s++) wide(owners(a, s));
    const phoneB = phone(b); // on a base painted afresh
    expect(wide(b).equals(wideB)).toBe(true); // on that one, kept
    for (let s = 2; s < 6; s++) wide(owners(a, s));
    expect(phone(b).equals(phoneB)).toBe(true); // afresh again
  });
});
