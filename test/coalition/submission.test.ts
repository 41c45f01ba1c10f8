import { describe, expect, it } from 'vitest';
import { coalitionArmyOrders, coalitionPmWindow, coalitionPostOnTime, type CoalitionOrder } from '../../src/coalition/submission.js';

const at = (iso: string) => new Date(iso);
const LOCK = at('2025-03-05T05:00:00Z');

describe('coalitionPostOnTime: 3.1 "5:00 is in, 5:01 is out"', () => {
  // prettier-ignore
  it.each([
    ['3.1: 04:59:59 is in',                      '2025-03-05T04:59:59Z', true],
    ['3.1: 05:00:00 is in',                      '2025-03-05T05:00:00Z', true],
    ['3.1: 05:00:59 is in (the lock minute)',    '2025-03-05T05:00:59Z', true],
    ['3.1: 05:01:00 is out',                     '2025-03-05T05:01:00Z', false],
    ['3.1: a day early is in',                   '2025-03-04T05:00:00Z', true],
    ['3.1: a post in the lock minute written in a zone with an offset (00:00:30 EST = 05:00:30Z) is in', '2025-03-05T00:00:30-05:00', true],
  ])('%s', (_name, posted, expected) => {
    expect(coalitionPostOnTime(at(posted), LOCK)).toBe(expected);
  });
});

describe('coalitionPmWindow: 3.1 PMs "within the last twenty-eight (28) hours before the deadline"', () => {
  // The window for a 05:00 GMT lock on 5 March opens at 01:00 GMT on 4 March.
  // prettier-ignore
  it.each([
    ['3.1: 28 hours and a minute before the lock: too early',    '2025-03-04T00:59:59Z', { counts: false, code: 'before-window' }],
    ['3.1: exactly 28 hours before the lock: counts',            '2025-03-04T01:00:00Z', { counts: true }],
    ['3.1: inside the window: counts',                           '2025-03-04T18:30:00Z', { counts: true }],
    ['3.1: at the lock: counts',                                 '2025-03-05T05:00:00Z', { counts: true }],
    ['3.1: within the lock minute: counts',                      '2025-03-05T05:00:59Z', { counts: true }],
    ['3.1: 05:01 after the lock: out',                           '2025-03-05T05:01:00Z', { counts: false, code: 'after-lock' }],
    ['3.1: two days early: too early',                           '2025-03-03T05:00:00Z', { counts: false, code: 'before-window' }],
  ] as const)('%s', (_name, received, expected) => {
    expect(coalitionPmWindow(at(received), LOCK)).toMatchObject(expected);
  });

  it('3.1: says when the window opens', () => {
    expect(coalitionPmWindow(at('2025-03-01T00:00:00Z'), LOCK).opensAt.toISOString()).toBe('2025-03-04T01:00:00.000Z');
  });
});

describe('coalitionArmyOrders: 3.3.6 multiple commands for the same army', () => {
  const o = (controller: string, iso: string, order: string, via?: 'post' | 'pm'): CoalitionOrder => ({ controller, receivedAt: at(iso), order, ...(via ? { via } : {}) });

  it('3.3.6: one legal controller, several orders: the last one made by the deadline', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'Sai Rei: 3D > 5E'), o('Gazetzot', '2025-03-04T20:00:00Z', 'Sai Rei: 3D > 4F'), o('Gazetzot', '2025-03-04T15:00:00Z', 'Sai Rei: 3D > 6D')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'Sai Rei: 3D > 4F', controller: 'Gazetzot' });
  });

  it('3.3.6 + 3.1: an order after the lock is not "made by the movement deadline": the last in time counts', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-05T04:59:00Z', 'A'), o('Gazetzot', '2025-03-05T05:01:00Z', 'B')], ['Gazetzot'], LOCK);
    expect(r).toEqual({ kind: 'order', order: 'A', controller: 'Gazetzot', receivedAt: at('2025-03-05T04:59:00Z'), rejected: [{ index: 1, reason: 'after-lock' }] });
  });

  it('3.3.6 + 3.1: an order in the lock minute (05:00:40) still counts and is the last', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-05T04:00:00Z', 'A'), o('Gazetzot', '2025-03-05T05:00:40Z', 'B')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'B' });
  });

  it('3.3.6: two legal controllers ordering the same army: all orders ignored, the army fails to move', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A'), o('Darkhand', '2025-03-04T11:00:00Z', 'B')], ['Gazetzot', 'Darkhand'], LOCK);
    expect(r).toEqual({ kind: 'ignored', controllers: ['gazetzot', 'darkhand'], rejected: [] });
  });

  it('3.3.6: three legal controllers, even with the same order text: all ignored', () => {
    const r = coalitionArmyOrders([o('A1', '2025-03-04T10:00:00Z', 'X'), o('A2', '2025-03-04T10:00:00Z', 'X'), o('A3', '2025-03-04T10:00:00Z', 'X')], ['A1', 'A2', 'A3'], LOCK);
    expect(r.kind).toBe('ignored');
  });

  it('3.3.6 (our reading): two legal controllers but only one of them ordered: that one\'s last order counts', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A'), o('Gazetzot', '2025-03-04T12:00:00Z', 'B')], ['Gazetzot', 'Darkhand'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'B' });
  });

  it('3.3.6 + 3.1: a second controller whose order came after the lock causes no conflict', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A'), o('Darkhand', '2025-03-05T05:01:00Z', 'B')], ['Gazetzot', 'Darkhand'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'A', rejected: [{ index: 1, reason: 'after-lock' }] });
  });

  it('5.4.2: an order from someone not controlling the army at the lock is invalid and causes no conflict', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A'), o('Intruder', '2025-03-04T12:00:00Z', 'B')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'A', rejected: [{ index: 1, reason: 'not-a-controller' }] });
  });

  it('controller names compare case-insensitively: one controller, not two', () => {
    const r = coalitionArmyOrders([o('gazetzot', '2025-03-04T10:00:00Z', 'A'), o('GAZETZOT ', '2025-03-04T12:00:00Z', 'B')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'B' });
  });

  it('3.3.6: of two orders with the same timestamp, the later one received counts', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A'), o('Gazetzot', '2025-03-04T10:00:00Z', 'B')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'B' });
  });

  it('3.1: a PM before the 28-hour window does not count; one inside it does', () => {
    const r = coalitionArmyOrders([o('Gazetzot', '2025-03-03T10:00:00Z', 'early PM', 'pm'), o('Gazetzot', '2025-03-02T10:00:00Z', 'old post', 'post')], ['Gazetzot'], LOCK);
    expect(r).toMatchObject({ kind: 'order', order: 'old post', rejected: [{ index: 0, reason: 'pm-before-window' }] });
    const r2 = coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'PM', 'pm'), o('Gazetzot', '2025-03-02T10:00:00Z', 'old post')], ['Gazetzot'], LOCK);
    expect(r2).toMatchObject({ kind: 'order', order: 'PM' });
  });

  it('no order that counts: none', () => {
    expect(coalitionArmyOrders([], ['Gazetzot'], LOCK)).toEqual({ kind: 'none', rejected: [] });
    expect(coalitionArmyOrders([o('Gazetzot', '2025-03-05T06:00:00Z', 'A')], ['Gazetzot'], LOCK)).toEqual({ kind: 'none', rejected: [{ index: 0, reason: 'after-lock' }] });
  });

  it('an army with no legal controller (5.3.1 demotion) obeys nobody', () => {
    expect(coalitionArmyOrders([o('Gazetzot', '2025-03-04T10:00:00Z', 'A')], [], LOCK)).toMatchObject({ kind: 'none', rejected: [{ index: 0, reason: 'not-a-controller' }] });
  });
});
