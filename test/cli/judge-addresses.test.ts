/**
 * The judge's own addresses come from the database, not the calling shell (issue #26, item 11): once
 * `mailjudge start` has recorded them (sql/0021, src/db/judge-settings.ts), a command run from a shell
 * with none of the judge's environment (runDbCli: no MAILJUDGE_FROM_ADDRESS, so the default
 * judge@localhost) queues its mail with Reply-Tos in the judge's domain.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJudgeAddresses, recordJudgeAddresses } from '../../src/db/judge-settings.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'mailjudge-addr-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const game = (id: string) => ({
  id, address: `${id}@wm.example.net`, gm: { name: 'Gail', email: 'gail@example.org' }, rules: 'wm', endYear: 1909,
  policies: {}, board: id, deadline: '2030-05-01T12:00Z',
  players: POWERS.map((power) => ({ power, name: power, email: `${power.toLowerCase()}@${id}.example.org` })),
});

describe("the judge's addresses from the database", () => {
  it('before any judge started: the shell\'s default; after: the recorded address', async () => {
    expect(await findJudgeAddresses(t.db)).toBeUndefined();
    const path = join(dir, 'a.json');
    writeFileSync(path, JSON.stringify(game('addr-a')));
    expect(runDbCli(t.url, 'game', 'create', '--from', path).status).toBe(0);
    const before = await t.db.selectFrom('outbox').select(['from_address', 'headers']).where('game_id', '=', 'addr-a').execute();
    expect(before.length).toBeGreaterThan(0);
    // The bug: the Reply-To's domain came from the calling shell.
    expect(before.filter((m) => /^judge\+addr-a\.[a-z2-9]{8}@localhost$/.test(String(m.headers['Reply-To'] ?? '')))).toHaveLength(7);

    await recordJudgeAddresses(t.db, { fromAddress: 'judge@wm.example.net', confirmAddress: 'wmconfirm@wm.example.net' });
    expect(await findJudgeAddresses(t.db)).toEqual({ fromAddress: 'judge@wm.example.net', confirmAddress: 'wmconfirm@wm.example.net' });
    writeFileSync(path, JSON.stringify(game('addr-b')));
    const r = runDbCli(t.url, 'game', 'create', '--from', path);
    expect(r.status, r.stderr).toBe(0);
    const after = await t.db.selectFrom('outbox').select(['from_address', 'headers']).where('game_id', '=', 'addr-b').execute();
    expect(after.length).toBe(8); // the seven players' start mails and the GM's
    for (const m of after) {
      expect(JSON.stringify(m.headers)).not.toContain('localhost');
    }
    // Every player's start mail carries a reply address in the judge's domain: judge+addr-b.<token>@wm.example.net.
    expect(after.filter((m) => /^judge\+addr-b\.[a-z2-9]{8}@wm\.example\.net$/.test(String(m.headers['Reply-To'] ?? '')))).toHaveLength(7);
  });
});
