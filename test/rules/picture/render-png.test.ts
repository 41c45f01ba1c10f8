import { describe, expect, it } from 'vitest';
import { FixedPalette, compositeOver, encodeIndexedPng, encodeOpaquePng, ink, rasterize, renderPng, renderPngAsync, solidRaster, textPath, tint } from '../../../src/rules/picture/index.js';
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

describe('indexed rows drawn as composited (issue 29: the map PNGs)', () => {
  it('compositeOver with an index target writes each changed pixel\'s palette index, the same rows as quantizing the result; encodeIndexedPng decodes to the palette colours', () => {
    const ground = solidRaster(40, 30, '#f3ecd6');
    const over = rasterize(svg('<circle cx="20" cy="15" r="9" fill="#0072b2" stroke="#1a1a1a" stroke-width="2"/><rect x="2" y="2" width="6" height="6" fill="#ffffff" fill-opacity="0.5"/>'));
    const palette = new FixedPalette(Uint32Array.from([0xd6ecf3, 0xb27200, 0x1a1a1a, 0xffffff, 0xf9f5ea]));
    // The ground's rows (at byte 7 of a larger buffer: the target's offset is honoured), then the marks composited with the index target.
    const rows = new Uint8Array(7 + 41 * 30);
    palette.indexRows(ground.pixels, 40, 0, 0, 40, 30, rows, 7);
    compositeOver(ground, over, 0, 0, { palette, rows, at: 7, stride: 41 });
    const again = new Uint8Array(41 * 30);
    palette.indexRows(ground.pixels, 40, 0, 0, 40, 30, again, 0);
    expect([...rows.subarray(7)]).toEqual([...again]);
    expect(again[41 * 15 + 1 + 20]).toBe(1); // the circle's middle: #0072b2
    expect(again[41 * 4 + 1 + 4]).toBe(4); // white at half over the ground (about #f9f5ea): that entry, the nearest
    const img = decodePng(encodeIndexedPng(Buffer.from(again), palette.palette, 40, 30));
    expect(img.pixel(20, 15)).toEqual([0x00, 0x72, 0xb2, 255]);
    expect(img.pixel(39, 29)).toEqual([0xf3, 0xec, 0xd6, 255]);
    expect(() => encodeIndexedPng(Buffer.from(again), palette.palette, 41, 30)).toThrow(/want 1260/);
  });
});
