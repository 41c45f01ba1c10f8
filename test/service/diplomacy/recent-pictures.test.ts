/**
 * Issue 29: a map picture whose whole input was drawn lately is not drawn again
 * (src/service/diplomacy/recent-pictures.ts, keyed by src/diplomacy/picture/picture-key.ts). The
 * remembered bytes are those of a fresh drawing, in both layouts and through both paths; another
 * position is another picture; the same position built afresh (another object, the same data) is
 * the same one, drawn once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STANDARD_MAP, standardStartState } from '../../../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureKey, pictureOfPosition, renderPhonePng, renderWidePng, type MapPicture } from '../../../src/diplomacy/picture/index.js';
import { mapAttachment, mapLayoutsAsync } from '../../../src/service/diplomacy/map-attachment.js';
import { RECENT_PICTURES, forgetRecentPictures, recentPicture, recentPictureAsync } from '../../../src/service/diplomacy/recent-pictures.js';
import { pictureOf } from '../../diplomacy/picture/pictures.js';

afterEach(() => forgetRecentPictures());

const start = (): MapPicture => pictureOfPosition(standardStartState());
const fresh = (picture: MapPicture, layout: 'wide' | 'phone') => (layout === 'wide' ? renderWidePng : renderPhonePng)(picture, STANDARD_GEOMETRY, STANDARD_MAP).toString('base64');

describe('pictureKey', () => {
  it('is the same for the same data in another object, and differs with any field', () => {
    expect(pictureKey(start())).toBe(pictureKey(start()));
    const s = start();
    const moved = { ...s, units: s.units.map((u, i) => (i === 0 ? { ...u, location: 'GAL' } : u)) };
    const owned = { ...s, centers: new Map([...s.centers, ['bel', 'FRANCE' as const]]) };
    const titled = { ...s, title: `${s.title} - ORDERS` };
    const keys = [s, moved, owned, titled].map(pictureKey);
    expect(new Set(keys).size).toBe(4);
    // An optional field set to undefined is told apart from an absent one.
    const order = { power: 'FRANCE' as const, order: { kind: 'hold' as const, unit: { kind: 'A' as const, location: 'PAR' } }, status: 'pending' as const };
    expect(pictureKey({ ...s, orders: [order] })).not.toBe(pictureKey({ ...s, orders: [{ ...order, outcome: undefined }] }));
  });
});

describe('the recent pictures', () => {
  it('give the bytes of a fresh drawing, drawn once for the same input', async () => {
    let drawn = 0;
    const count = (layout: 'wide' | 'phone') => () => {
      drawn++;
      return (layout === 'wide' ? renderWidePng : renderPhonePng)(start(), STANDARD_GEOMETRY, STANDARD_MAP);
    };
    for (const layout of ['wide', 'phone'] as const) {
      const first = recentPicture(start(), layout, count(layout));
      const second = recentPicture(start(), layout, count(layout));
      expect(second).toBe(first);
      expect(first).toBe(fresh(start(), layout));
    }
    expect(drawn).toBe(2);
    // The wide and phone pictures of one position are two pictures.
    expect(recentPicture(start(), 'wide', count('wide'))).not.toBe(recentPicture(start(), 'phone', count('phone')));
    expect(drawn).toBe(2);
  });

  it('draw another position again, and forget the oldest past the bound', () => {
    let drawn = 0;
    const draw = (picture: MapPicture) => () => {
      drawn++;
      return renderWidePng(picture, STANDARD_GEOMETRY, STANDARD_MAP);
    };
    const s = start();
    const other: MapPicture = { ...s, units: s.units.filter((u) => u.location !== 'PAR') };
    const a = recentPicture(s, 'wide', draw(s));
    const b = recentPicture(other, 'wide', draw(other));
    expect(drawn).toBe(2);
    expect(b).not.toBe(a);
    expect(b).toBe(fresh(other, 'wide'));
    for (let i = 0; i < RECENT_PICTURES; i++) recentPicture({ ...s, title: `T${i}` }, 'wide', () => Buffer.from(`T${i}`));
    recentPicture(s, 'wide', draw(s));
    expect(drawn).toBe(3);
  });

  it('share one asynchronous drawing between callers, and forget one that failed', async () => {
    let drawn = 0;
    const draw = async () => {
      drawn++;
      return renderWidePng(start(), STANDARD_GEOMETRY, STANDARD_MAP);
    };
    const [a, b] = await Promise.all([recentPictureAsync(start(), 'wide', draw), recentPictureAsync(start(), 'wide', draw)]);
    expect(drawn).toBe(1);
    expect(a).toBe(b);
    expect(a).toBe(fresh(start(), 'wide'));
    await expect(recentPictureAsync(start(), 'phone', async () => Promise.reject(new Error('resvg failed')))).rejects.toThrow('resvg failed');
    expect(await recentPictureAsync(start(), 'phone', async () => renderPhonePng(start(), STANDARD_GEOMETRY, STANDARD_MAP))).toBe(fresh(start(), 'phone'));
  });

  it('are what mapAttachment and mapLayoutsAsync attach: the bytes drawn afresh, for a start and a results picture', async () => {
    const results = pictureOf('dislodgement-fall-1901');
    for (const picture of [start(), results, start(), results]) {
      expect(mapAttachment(picture, 'm.png').content).toBe(fresh(picture, 'wide'));
      expect(mapAttachment(picture, 'm.png', undefined, 'phone').content).toBe(fresh(picture, 'phone'));
      const both = await mapLayoutsAsync(picture, 'm.png', 'map-m', { wide: true, phone: true });
      expect(both.wide?.content).toBe(fresh(picture, 'wide'));
      expect(both.phone?.content).toBe(fresh(picture, 'phone'));
      expect(both.phone?.filename).toBe('m-phone.png');
    }
    expect(fresh(results, 'wide')).not.toBe(fresh(start(), 'wide'));
  });
});
