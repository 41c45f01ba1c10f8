/**
 * Colour helpers every picture shares (the Diplomacy map, the Coalition grid): a colour's tint, and
 * the ink (black or white) that reads on it. Colours are `#rrggbb`.
 */

/** The Okabe–Ito palette: eight colours told apart with the common colour blindnesses. */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#e69f00',
  skyBlue: '#56b4e9',
  bluishGreen: '#009e73',
  yellow: '#f0e442',
  blue: '#0072b2',
  vermillion: '#d55e00',
  reddishPurple: '#cc79a7',
} as const;

/** `colour` mixed with white (`amount` 0 = the colour, 1 = white). */
export function tint(colour: string, amount = 0.5): string {
  const c = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return `#${c.map((v) => Math.round(v + (255 - v) * amount).toString(16).padStart(2, '0')).join('')}`;
}

/** The perceived brightness of a colour, 0 (black) to 1 (white). */
export function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
}

/** Black or white, whichever reads on `colour`. */
export function ink(colour: string): string {
  return luminance(colour) > 0.55 ? '#111111' : '#ffffff';
}
