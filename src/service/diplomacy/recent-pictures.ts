/**
 * The last few map pictures drawn, as their PNG in base64, by their layout and their whole input
 * ({@link pictureKey}: the renderers are pure, so the same input is the same bytes). Issue 29: every
 * board of a tournament round starts from the standard position, so its game-start maps are one
 * picture; drawn once, not once per board (and a MAP asked twice of one position likewise). A
 * picture being drawn on the thread pool is kept as its promise, so boards drawing the same picture
 * at once share the drawing; a drawing that fails is forgotten. Bounded: {@link RECENT_PICTURES}
 * per process (~170 KB each).
 */
import { pictureKey, type MapLayout, type MapPicture } from '../../diplomacy/picture/index.js';

export const RECENT_PICTURES = 8;

const recent = new Map<string, string | Promise<string>>();

function keyOf(picture: MapPicture, layout: MapLayout): string {
  return `${layout}\n${pictureKey(picture)}`;
}

function remember<T extends string | Promise<string>>(key: string, value: T): T {
  recent.delete(key);
  recent.set(key, value);
  if (recent.size > RECENT_PICTURES) recent.delete(recent.keys().next().value!);
  return value;
}

/** The picture's PNG in base64: a recent one's, or `draw()`'s, remembered. */
export function recentPicture(picture: MapPicture, layout: MapLayout, draw: () => Buffer): string {
  const key = keyOf(picture, layout);
  const known = recent.get(key);
  if (typeof known === 'string') return remember(key, known);
  return remember(key, draw().toString('base64'));
}

/** {@link recentPicture} with the drawing asynchronous (one drawing for every caller while it runs). */
export function recentPictureAsync(picture: MapPicture, layout: MapLayout, draw: () => Promise<Buffer>): Promise<string> {
  const key = keyOf(picture, layout);
  const known = recent.get(key);
  if (known !== undefined) return Promise.resolve(remember(key, known));
  const drawn = draw().then((png) => {
    const base64 = png.toString('base64');
    if (recent.get(key) === drawn) recent.set(key, base64);
    return base64;
  });
  drawn.catch(() => {
    if (recent.get(key) === drawn) recent.delete(key);
  });
  return remember(key, drawn);
}

/** Forget every picture (tests that count drawings). */
export function forgetRecentPictures(): void {
  recent.clear();
}
