/**
 * The DNS cache in front of sender authentication (src/mail/inbound/dns-cache.ts): answers and
 * "publishes nothing" kept a minute, failures asked again, concurrent asks sharing one query.
 */
import { describe, expect, it } from 'vitest';
import { cachingResolver } from '../../src/mail/inbound/dns-cache.js';

const dnsError = (code: string) => Object.assign(new Error(`queryTxt ${code}`), { code });

/** A zone answering TXT for two names, counting the queries that reach it. */
function zone(answers: Record<string, unknown>, failing: Record<string, string> = {}) {
  const asked: string[] = [];
  const resolve = async (name: string, rrtype: string) => {
    asked.push(`${rrtype} ${name}`);
    await new Promise((r) => setTimeout(r, 1));
    if (failing[name]) throw dnsError(failing[name]!);
    if (name in answers) return answers[name];
    throw dnsError('ENOTFOUND');
  };
  return { asked, resolve };
}

describe('cachingResolver', () => {
  it('asks the zone once a minute per name and type, and gives every asker its own copy', async () => {
    let t = 0;
    const z = zone({ 'example.org': [['v=spf1 -all']] });
    const r = cachingResolver(z.resolve, { now: () => t });
    const first = (await r('example.org', 'TXT')) as string[][];
    first[0]![0] = 'changed by the caller';
    expect(await r('Example.ORG', 'TXT')).toEqual([['v=spf1 -all']]);
    expect(z.asked).toEqual(['TXT example.org']);
    await r('example.org', 'MX').catch(() => undefined); // another type is another question
    expect(z.asked).toHaveLength(2);
    t = 59_999;
    await r('example.org', 'TXT');
    expect(z.asked).toHaveLength(2);
    t = 60_000; // a minute later: asked again
    await r('example.org', 'TXT');
    expect(z.asked).toEqual(['TXT example.org', 'MX example.org', 'TXT example.org']);
  });

  it('keeps "no such name" and "no such record" (ENOTFOUND, ENODATA), not a timeout or a server failure', async () => {
    const z = zone({}, { 'nodata.example': 'ENODATA', 'slow.example': 'ETIMEOUT', 'broken.example': 'ESERVFAIL' });
    const r = cachingResolver(z.resolve, { now: () => 0 });
    for (const name of ['_dmarc.example.org', 'nodata.example', 'slow.example', 'broken.example']) {
      for (let i = 0; i < 3; i++) await expect(r(name, 'TXT')).rejects.toMatchObject({ code: expect.any(String) });
    }
    expect(z.asked.filter((q) => q === 'TXT _dmarc.example.org')).toHaveLength(1);
    expect(z.asked.filter((q) => q === 'TXT nodata.example')).toHaveLength(1);
    expect(z.asked.filter((q) => q === 'TXT slow.example')).toHaveLength(3);
    expect(z.asked.filter((q) => q === 'TXT broken.example')).toHaveLength(3);
    await expect(r('_dmarc.example.org', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('shares one query among asks that come while it is on its way', async () => {
    const z = zone({ 'sel._domainkey.example.org': [['v=DKIM1; p=AAAA']] });
    const r = cachingResolver(z.resolve, { now: () => 0 });
    const all = await Promise.all(Array.from({ length: 5 }, () => r('sel._domainkey.example.org', 'TXT')));
    expect(all.every((a) => JSON.stringify(a) === JSON.stringify([['v=DKIM1; p=AAAA']]))).toBe(true);
    expect(z.asked).toHaveLength(1);
  });

  it('holds at most maxEntries names, dropping the oldest', async () => {
    const answers = Object.fromEntries(['a', 'b', 'c'].map((n) => [`${n}.example`, [[n]]]));
    const z = zone(answers);
    const r = cachingResolver(z.resolve, { now: () => 0, maxEntries: 2 });
    for (const n of ['a', 'b', 'c']) await r(`${n}.example`, 'TXT');
    await r('c.example', 'TXT');
    await r('b.example', 'TXT');
    expect(z.asked).toHaveLength(3);
    await r('a.example', 'TXT'); // dropped when c came
    expect(z.asked).toEqual(['TXT a.example', 'TXT b.example', 'TXT c.example', 'TXT a.example']);
  });
});
