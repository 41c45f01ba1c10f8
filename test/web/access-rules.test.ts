/**
 * The web view's access rules (src/web/access.ts, pure) and its settings (src/config/config.ts): each
 * role against each kind of page, press by whom it was sent to (D.X(2)), and MAILJUDGE_WEB_LISTEN /
 * MAILJUDGE_WEB_URL with their file keys.
 */
import { describe, expect, it } from 'vitest';
import { mayAudit, mayViewGame, mayViewGmDigest, mayViewOpenOrders, pressSentTo } from '../../src/web/access.js';
import { loadConfig } from '../../src/config/config.js';
import type { WebGrant } from '../../src/db/web-access.js';

const gameA = { id: 'a', gmPersonId: 10, tournamentId: 1 };
const gameB = { id: 'b', gmPersonId: 20, tournamentId: 1 };
const td: WebGrant = { role: 'td', personId: 1, tournamentId: 1 };
const gmA: WebGrant = { role: 'gm', personId: 10 };
const france: WebGrant = { role: 'player', personId: 5, gameId: 'a', power: 'FRANCE' };

describe('who may see what', () => {
  it('the TD everything; a GM their own games; a player their own game', () => {
    expect([mayViewGame(td, gameA), mayViewGame(td, gameB)]).toEqual([undefined, undefined]);
    expect(mayViewGame(gmA, gameA)).toBeUndefined();
    expect(mayViewGame(gmA, gameB)).toBe('you are signed in as the GM of other games, not of b');
    expect(mayViewGame(france, gameA)).toBeUndefined();
    expect(mayViewGame(france, gameB)).toBe('you are signed in as FRANCE in a, not as a player of b');
  });
  it('open orders: the power\'s own player and the TD; never the GM or another player', () => {
    expect(mayViewOpenOrders(france, gameA, 'FRANCE')).toBeUndefined();
    expect(mayViewOpenOrders(france, gameA, 'GERMANY')).toMatch(/published with its results, not before; you see your own/);
    expect(mayViewOpenOrders(gmA, gameA, 'FRANCE')).toMatch(/the GM sees who has ordered and when/);
    expect(mayViewOpenOrders(td, gameB, 'FRANCE')).toBeUndefined();
  });
  it('the digest is the GM\'s and the TD\'s; the audit the TD\'s alone', () => {
    expect([mayViewGmDigest(gmA, gameA), mayViewGmDigest(td, gameA)]).toEqual([undefined, undefined]);
    expect(mayViewGmDigest(france, gameA)).toBeDefined();
    expect(mayViewGmDigest(gmA, gameB)).toBeDefined();
    expect(mayAudit(td)).toBeUndefined();
    expect([mayAudit(gmA), mayAudit(france)].every((x) => x !== undefined)).toBe(true);
  });
  it('press: to everyone all see; to powers only those powers and the author; the TD all', () => {
    const broadcast = { toPowers: null, author: 'ENGLAND' };
    const toFrance = { toPowers: ['FRANCE'], author: 'ENGLAND' };
    const toItaly = { toPowers: ['ITALY'], author: 'ENGLAND' };
    const byFrance = { toPowers: ['ITALY'], author: 'FRANCE' };
    expect([broadcast, toFrance, toItaly, byFrance].map((p) => pressSentTo(france, p))).toEqual([true, true, false, true]);
    expect([broadcast, toFrance, toItaly, byFrance].map((p) => pressSentTo(gmA, p))).toEqual([true, false, false, false]);
    expect([broadcast, toFrance, toItaly, byFrance].map((p) => pressSentTo(td, p))).toEqual([true, true, true, true]);
  });
});

describe('the settings', () => {
  it('off by default; MAILJUDGE_WEB_LISTEN turns it on with an http URL of the listen address', () => {
    const off = loadConfig({});
    expect(off.ok && off.config.webListen).toBe(undefined);
    const on = loadConfig({ MAILJUDGE_WEB_LISTEN: '0.0.0.0:8080' });
    expect(on).toMatchObject({ ok: true, config: { webListen: { host: '0.0.0.0', port: 8080 }, webUrl: 'http://0.0.0.0:8080' } });
    const v6 = loadConfig({ MAILJUDGE_WEB_LISTEN: '[::1]:8080' });
    expect(v6).toMatchObject({ ok: true, config: { webUrl: 'http://[::1]:8080' } });
  });
  it('MAILJUDGE_WEB_URL (without its trailing slash) wins; the file keys work; each mistake is named', () => {
    const both = loadConfig({ MAILJUDGE_WEB_URL: 'https://judge.example.org/' }, JSON.stringify({ webListen: '127.0.0.1:8080' }));
    expect(both).toMatchObject({ ok: true, config: { webListen: { port: 8080 }, webUrl: 'https://judge.example.org' } });
    const file = loadConfig({}, JSON.stringify({ webListen: '127.0.0.1:9000', webUrl: 'https://j.example.org' }));
    expect(file).toMatchObject({ ok: true, config: { webUrl: 'https://j.example.org' } });
    const bad = loadConfig({ MAILJUDGE_WEB_LISTEN: 'localhost', MAILJUDGE_WEB_URL: 'ftp://x' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/MAILJUDGE_WEB_LISTEN="localhost": must be host:port/);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/MAILJUDGE_WEB_URL="ftp:\/\/x": must be a http or https URL/);
    const urlOnly = loadConfig({ MAILJUDGE_WEB_URL: 'https://judge.example.org' });
    expect(!urlOnly.ok && urlOnly.problems[0]).toMatch(/MAILJUDGE_WEB_URL is set but the web view is off: set MAILJUDGE_WEB_LISTEN/);
  });
});
