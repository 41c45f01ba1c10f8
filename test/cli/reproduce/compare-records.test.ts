/**
 * The pure parts of `mailjudge reproduce`: what is masked before texts are compared (only the random
 * secret and reply token, nothing else), and the replay log's argument encoding (instants survive).
 */
import { describe, expect, it } from 'vitest';
import { gameChunks, maskText, rankKey } from '../../../src/cli/reproduce/compare-records.js';
import { decodeArgs, encodeArgs } from '../../../src/db/replay-log.js';

describe('maskText', () => {
  it.each([
    ['Your secret: k7Q2m-9xP_a\nAdd the line "Password: k7Q2m-9xP_a" to your messages', 'Your secret: <secret>\nAdd the line "Password: <secret>" to your messages'],
    ['Reply-To: judge+demo-1.k7q2m9xp@judge.example.org', 'Reply-To: judge+demo-1.<token>@judge.example.org'],
    // Everything else is compared as it is: orders, times, a "secret" that is not the judge's line.
    ['  A BUR - BEL                  moves', '  A BUR - BEL                  moves'],
    ['My secret: Paris falls in 1902', 'My secret: Paris falls in 1902'],
    ['Deadline: Friday 11 January 2030, 12:00 GMT', 'Deadline: Friday 11 January 2030, 12:00 GMT'],
  ])('%j', (text, masked) => {
    expect(maskText(text)).toBe(masked);
  });
});

describe('rankKey: the row ids in an outbox key compared by their rank in the game', () => {
  // Two games' rows interleave: in the record game A's proposal is row 7 and game B's row 8; in the
  // replay B ran first (7) and A second (8). Each is the first of its game: rank 1 on both sides.
  const record = {
    order_sets: new Map<number, number>(), positions: new Map([[40, 3]]), extensions: new Map([[12, 2]]), proposals: new Map([[7, 1], [8, 1]]),
    rollback_requests: new Map([[5, 1]]), coalition_battles: new Map([[31, 4]]),
  };
  it.each([
    ['proposal:wm-r1-b1:7', 'proposal:wm-r1-b1:proposals#1'],
    ['proposal:wm-r1-b2:8', 'proposal:wm-r1-b2:proposals#1'],
    ['proposal-gm:wm-r1-b1:7:2030-01-07T12:00:00.000Z:gm@x.org', 'proposal-gm:wm-r1-b1:proposals#1:2030-01-07T12:00:00.000Z:gm@x.org'],
    ['vote-result:wm-r1-b1:7:ann@x.org', 'vote-result:wm-r1-b1:proposals#1:ann@x.org'],
    ['position:wm-r1-b1:FRANCE:40:ann@x.org', 'position:wm-r1-b1:FRANCE:positions#3:ann@x.org'],
    ['position:wm-r1-b1:FRANCE:back:40:ann@x.org', 'position:wm-r1-b1:FRANCE:back:positions#3:ann@x.org'],
    // Stop 48 (`rehearse --reproduce-alone all`): a B.8(c) captain's notice, a rollback request, a battle's weather.
    ['position:wm-r1-b1:AUSTRIA:captain:40:ann@x.org', 'position:wm-r1-b1:AUSTRIA:captain:positions#3:ann@x.org'],
    ['position:wm-r1-b1:FRANCE:b7:40', 'position:wm-r1-b1:FRANCE:b7:positions#3'],
    ['rollback-request:wm-r1-b1:5:td@x.org', 'rollback-request:wm-r1-b1:rollback_requests#1:td@x.org'],
    ['rollback-answer:wm-r1-b1:5:gm@x.org', 'rollback-answer:wm-r1-b1:rollback_requests#1:gm@x.org'],
    ['weather:cvp-1:31:1893456000000:mj@x.org', 'weather:cvp-1:coalition_battles#4:1893456000000:mj@x.org'],
    ['battle-digest:cvp-1:31:bea@x.org', 'battle-digest:cvp-1:coalition_battles#4:bea@x.org'],
    ['battle-digest-asked:cvp-1:31:1893456000000:bea@x.org', 'battle-digest-asked:cvp-1:coalition_battles#4:1893456000000:bea@x.org'],
    ['extension-request:12:gm@x.org', 'extension-request:extensions#2:gm@x.org'],
    ['extension-answer:12:ann@x.org', 'extension-answer:extensions#2:ann@x.org'],
    // Keys without a row id are compared as they are.
    ['report:wm-r1-b1:s1901m:ann@x.org', 'report:wm-r1-b1:s1901m:ann@x.org'],
    ['game-start:wm-r1-b1:S1901M:ann@x.org', 'game-start:wm-r1-b1:S1901M:ann@x.org'],
  ])('%s', (key, ranked) => {
    expect(rankKey(key, record)).toBe(ranked);
  });
});

describe('the replay log\'s arguments', () => {
  it('keep instants as instants, drop undefined members, keep everything else', () => {
    const args = { gameId: 'g', at: new Date('2030-01-07T12:00:00.123Z'), hours: 24, power: undefined, players: [{ deadline: new Date(0), email: 'a@b' }], note: null };
    const stored = JSON.parse(JSON.stringify(encodeArgs(args)));
    expect(stored).toEqual({ gameId: 'g', at: { $date: '2030-01-07T12:00:00.123Z' }, hours: 24, players: [{ deadline: { $date: '1970-01-01T00:00:00.000Z' }, email: 'a@b' }], note: null });
    expect(decodeArgs(stored)).toEqual({ gameId: 'g', at: new Date('2030-01-07T12:00:00.123Z'), hours: 24, players: [{ deadline: new Date(0), email: 'a@b' }], note: null });
  });
});

describe('gameChunks: a table kept by game read a few games at a time', () => {
  const ids = Array.from({ length: 45 }, (_, i) => `r1-b${i + 1}`);
  it('splits the games of a table ordered by game into reads of at most the given size, each game once', () => {
    const chunks = gameChunks({ order: 'game_id, id' }, ids, 20);
    expect(chunks.map((c) => c.length)).toEqual([20, 20, 5]);
    expect(chunks.flat().sort()).toEqual([...ids].sort());
    // In the order the rows are read in: each read's games after the previous read's.
    expect(chunks.flat()).toEqual([...ids].sort());
  });
  it('reads at once a table with its own filter or order, and a few games', () => {
    expect(gameChunks({ order: 'inbound_message_id, role', where: () => undefined as never }, ids, 20)).toEqual([ids]);
    expect(gameChunks({ order: 'proposal_id, id' }, ids, 20)).toEqual([ids]);
    expect(gameChunks({ order: 'game_id, id' }, ids.slice(0, 20), 20)).toEqual([ids.slice(0, 20)]);
  });
});
