/**
 * The map picture as PNG, rendered from its SVG by resvg (a Rust SVG renderer; no browser). Pure in
 * effect: no system fonts are loaded (the picture's text is paths, see stroke-font.ts), so the same
 * SVG gives the same bytes on every machine.
 */
import { Resvg } from '@resvg/resvg-js';

/** Render an SVG document to PNG bytes at its own size (`scale` enlarges it). */
export function renderPng(svg: string, scale = 1): Buffer {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false },
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  });
  return resvg.render().asPng();
}
