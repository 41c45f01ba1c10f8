/**
 * A picture's whole input as one string (issue 29): two pictures with the same key are the same
 * data, field for field and in the same order (the centres' map by its entries in order, an absent
 * optional field told apart from one set to `undefined`), so every renderer, being pure, draws them
 * byte for byte the same. The boards of a tournament round start from one position: their game-start
 * maps are one picture, drawn once by a memo keyed by this (src/service/diplomacy/recent-pictures.ts).
 * Two pictures that only hold their data in another order get different keys: a memo misses, never
 * errs. Pure.
 */
import type { MapPicture } from './map-picture.js';

/** A placeholder no JSON value can be: a key of one NUL character. */
const UNDEFINED = { '\u0000': 0 };

export function pictureKey(picture: MapPicture): string {
  return JSON.stringify(picture, (_key, value: unknown) => {
    if (value === undefined) return UNDEFINED;
    if (value instanceof Map) return { '\u0000map': [...value] };
    if (value instanceof Set) return { '\u0000set': [...value] };
    return value;
  });
}
