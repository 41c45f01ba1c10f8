/**
 * A value made once per map geometry and game map and kept while both live (the static base, the
 * palette: map-raster.ts, map-palette.ts), by a maker run on the caller's thread or, for the first
 * picture of a process, one whose renders go to libuv's thread pool (its promise is kept meanwhile,
 * so concurrent first pictures share one). Pure: a memo of a pure function of immutable data.
 */
import type { GameMap } from '../index.js';
import type { MapGeometry } from './geometry.js';

export class GeometryMemo<T> {
  private readonly kept = new WeakMap<MapGeometry, WeakMap<GameMap, T | Promise<T>>>();

  private remember(geometry: MapGeometry, map: GameMap, value: T | Promise<T>): void {
    const byMap = this.kept.get(geometry) ?? new WeakMap<GameMap, T | Promise<T>>();
    byMap.set(map, value);
    this.kept.set(geometry, byMap);
  }

  /** The kept value, or `make()`'s, kept (a value still being made asynchronously is made again here). */
  get(geometry: MapGeometry, map: GameMap, make: () => T): T {
    const known = this.kept.get(geometry)?.get(map);
    if (known !== undefined && !(known instanceof Promise)) return known;
    const value = make();
    this.remember(geometry, map, value);
    return value;
  }

  /** The kept value or the one being made, or `make()`'s promise, kept at once and its value when it comes. */
  getAsync(geometry: MapGeometry, map: GameMap, make: () => Promise<T>): Promise<T> {
    const known = this.kept.get(geometry)?.get(map);
    if (known !== undefined) return Promise.resolve(known);
    const made = make().then((value) => {
      this.remember(geometry, map, value);
      return value;
    });
    this.remember(geometry, map, made);
    return made;
  }
}
