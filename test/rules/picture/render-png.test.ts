import { describe, expect, it } from 'vitest';
import { encodeOpaquePng, ink, renderPng, renderPngAsync, textPath, tint } from '../../../src/rules/picture/index.js';
import { decodePng } from '../../helpers/decode-png.js';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">${body}</svg>`;

describe('renderPng', () => {
  it('writes an opaque picture of few colours as indexed colour whose pixels are the picture\'s', () => {
    const png = renderPng(svg('<rect width="40" height="30" fill="#ffffff"/><rect x="10" y="5" width="20" height="10" fill="#0072b2"/>'));
    expect(png[25]).toBe(3); // IHDR colour type: indexed (two colours: lossless)
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([40, 30]);
    expect(img.pixel(15, 8)).toEqual([0x00, 0x72, 0xb2, 255]);
    expect(img.pixel(2, 2)).toEqual([255, 255, 255, 255]);
    expect(img.pixel(39, 29)).toEqual([255, 255, 255, 255]);
  });

  it('falls back to RGBA (resvg\'s encoder) when a pixel is not opaque, keeping the transparency', () => {
    const png = renderPng(svg('<rect x="10" y="5" width="20" height="10" fill="#d55e00"/>'));
    expect(png[25]).toBe(6); // RGBA
    const img = decodePng(png);
    expect(img.pixel(15, 8)).toEqual([0xd5, 0x5e, 0x00, 255]);
    expect(img.pixel(2, 2)[3]).toBe(0);
  });

  it('renderPngAsync (issue 29: off the main thread) gives renderPng\'s bytes, opaque or not', async () => {
    const opaque = svg(`<rect width="40" height="30" fill="#f4eed5"/><path d="${textPath('5E', 20, 20, 12)}" stroke="#1a1a1a" fill="none"/>`);
    const clear = svg('<rect x="10" y="5" width="20" height="10" fill="#d55e00"/>');
    expect((await renderPngAsync(opaque)).equals(renderPng(opaque))).toBe(true);
    expect((await renderPngAsync(clear)).equals(renderPng(clear))).toBe(true);
    expect((await renderPngAsync(opaque, 2)).equals(renderPng(opaque, 2))).toBe(true);
  });

  it('gives the same bytes for the same picture', () => {
    const s = svg(`<rect width="40" height="30" fill="#f4eed5"/><path d="${textPath('5E', 20, 20, 12)}" stroke="#1a1a1a" fill="none"/>`);
    expect(renderPng(s).equals(renderPng(s))).toBe(true);
  });

  it('encodeOpaquePng refuses pixels that are not all opaque', () => {
    const px = new Uint8Array([1, 2, 3, 255, 4, 5, 6, 128]);
    expect(encodeOpaquePng(px, 2, 1)).toBeUndefined();
    const ok = encodeOpaquePng(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]), 2, 1)!;
    expect(decodePng(ok).pixel(1, 0)).toEqual([4, 5, 6, 255]);
  });
});

describe('colours', () => {
  it('tints toward white and picks the ink that reads', () => {
    expect(tint('#000000')).toBe('#808080');
    expect(tint('#0072b2', 0)).toBe('#0072b2');
    expect(ink('#f0e442')).toBe('#111111');
    expect(ink('#0072b2')).toBe('#ffffff');
  });
});
