/**
 * Sender identity (D.II(3), D.X(6)): real DKIM-signed messages (nodemailer, RSA keys made here) are
 * verified by mailauth against an injected DNS zone (INFRA.md 5), then decided by the game's identity
 * setting. Envelope recovery, secrets and the pure decision are table-tested.
 */
import { createHash, generateKeyPairSync, scryptSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateMessage,
  decideIdentity,
  envelopeFromHeaders,
  findSecretLine,
  generateSecret,
  hashSecret,
  parseReceived,
  secretEvidence,
  stripSecretLines,
  verifySecret,
  type AuthResult,
  type IdentityInput,
} from '../../src/mail/inbound/identity.js';
import { MAX_MESSAGE_BYTES } from '../../src/rules/limits.js';

type Zone = Record<string, Record<string, string[][]>>;

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pub: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** Same shape as dns.promises.resolve; a missing name is ENOTFOUND (INFRA.md 5). */
function resolverFor(zone: Zone) {
  return async (name: string, rr: string) => {
    const hit = zone[name.toLowerCase()]?.[rr];
    if (!hit) throw Object.assign(new Error(`nx ${name} ${rr}`), { code: 'ENOTFOUND' });
    return hit;
  };
}

let zone: Zone;
let resolver: ReturnType<typeof resolverFor>;
let keys: { good: ReturnType<typeof keyPair>; evil: ReturnType<typeof keyPair> };

async function signedMail(opts: { from: string; domain?: string; text?: string; headers?: Record<string, string> }): Promise<Buffer> {
  const t = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...(opts.domain ? { dkim: { domainName: opts.domain, keySelector: 's1', privateKey: opts.domain === 'evil.test' ? keys.evil.pem : keys.good.pem } } : {}),
  });
  const info = await t.sendMail({ from: opts.from, to: 'judge+wm01@judge.test', subject: 'S1901M orders', text: opts.text ?? 'A PAR - BUR\nF BRE - MAO\nFinal\n', headers: opts.headers ?? {} });
  return info.message as Buffer;
}

/** Prepend what our MTA (Postfix → Dovecot LMTP) writes, as a message fetched over IMAP has it. */
function delivered(raw: Buffer, client: { ip: string; helo: string; mailFrom: string }): Buffer {
  const top = [
    `Return-Path: <${client.mailFrom}>`,
    'Delivered-To: judge+wm01@judge.test',
    'Received: from mx.judge.test',
    '\tby vm with LMTP',
    '\tid 8Hk2CqJ0xWf3AgAAHmQ4wQ',
    `\t(envelope-from <${client.mailFrom}>)`,
    '\tfor <judge+wm01@judge.test>; Mon, 03 Mar 2025 11:59:59 +0000',
    `Received: from ${client.helo} (${client.helo} [${client.ip}])`,
    '\tby mx.judge.test (Postfix) with ESMTP id 4ABCD1234',
    '\tfor <judge+wm01@judge.test>; Mon, 03 Mar 2025 11:59:58 +0000 (UTC)',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${top}\r\n`), raw]);
}

beforeAll(() => {
  keys = { good: keyPair(), evil: keyPair() };
  zone = {
    // example.test: DKIM, SPF and a strict DMARC reject policy (INFRA.md 5).
    's1._domainkey.example.test': { TXT: [[`v=DKIM1; k=rsa; p=${keys.good.pub}`]] },
    'example.test': { TXT: [['v=spf1 ip4:127.0.0.1 -all']] },
    '_dmarc.example.test': { TXT: [['v=DMARC1; p=reject; adkim=s; aspf=s']] },
    // monitor.test: DMARC published with p=none.
    's1._domainkey.monitor.test': { TXT: [[`v=DKIM1; k=rsa; p=${keys.good.pub}`]] },
    '_dmarc.monitor.test': { TXT: [['v=DMARC1; p=none']] },
    // evil.test: a real domain of its own that signs mail claiming to be from example.test.
    's1._domainkey.evil.test': { TXT: [[`v=DKIM1; k=rsa; p=${keys.evil.pub}`]] },
    'evil.test': { TXT: [['v=spf1 ip4:198.51.100.66 -all']] },
    // plain.test: DKIM-signs but publishes no DMARC record.
    's1._domainkey.plain.test': { TXT: [[`v=DKIM1; k=rsa; p=${keys.good.pub}`]] },
  };
  resolver = resolverFor(zone);
});

const SENDER = { ip: '127.0.0.1', helo: 'mail.example.test', mailFrom: 'alice@example.test' };
const auth = (raw: Buffer, env: { ip?: string; helo?: string; mailFrom?: string } = SENDER) => authenticateMessage(raw, env, { resolver, mta: 'judge.test' });
const decide = (a: AuthResult | undefined, over: Partial<IdentityInput> = {}) =>
  decideIdentity({ policy: 'dmarc-or-secret', auth: a, fromAddress: 'alice@example.test', registered: true, registeredSecret: false, secretLine: undefined, secretMatches: undefined, ...over });

describe('authenticateMessage + decideIdentity on real signed mail (dmarc-or-secret)', () => {
  it('D.X(6): signed, DNS correct → DKIM, SPF and DMARC pass → accepted by DMARC', async () => {
    const a = await auth(await signedMail({ from: 'alice@example.test', domain: 'example.test' }));
    expect(a).toMatchObject({ dkim: 'pass', dkimDomains: ['example.test'], spf: 'pass', dmarc: 'pass', dmarcPolicy: 'reject', fromDomain: 'example.test' });
    expect(a.header).toMatch(/^Authentication-Results: judge\.test;/);
    expect(a.header).toContain('dmarc=pass');
    const d = decide(a);
    expect(d).toMatchObject({ ok: true, method: 'dmarc' });
    expect(d.ok && d.evidence).toContain('DMARC pass for example.test (p=reject)');
  });

  it('D.X(6): DKIM alone aligns (mail relayed from an IP outside SPF) → DMARC pass → accepted', async () => {
    const a = await auth(await signedMail({ from: 'alice@example.test', domain: 'example.test' }), { ip: '203.0.113.9', helo: 'relay.example.net', mailFrom: 'alice@example.test' });
    expect(a).toMatchObject({ dkim: 'pass', spf: 'fail', dmarc: 'pass' });
    expect(decide(a).ok).toBe(true);
  });

  it('D.X(6): body altered after signing → DKIM not pass (mailauth says neutral) → DMARC fail → refused', async () => {
    const raw = await signedMail({ from: 'alice@example.test', domain: 'example.test' });
    const altered = Buffer.from(raw.toString('latin1').replace('A PAR - BUR', 'A PAR - PIC'), 'latin1');
    expect(altered.equals(raw)).toBe(false);
    const a = await auth(altered, { ip: '203.0.113.9', helo: 'relay.example.net', mailFrom: 'alice@example.test' });
    expect(a.dkim).not.toBe('pass');
    expect(a.dkim).toBe('neutral');
    expect(a.dkimDomains).toEqual([]);
    expect(a.dmarc).toBe('fail');
    expect(decide(a)).toMatchObject({ ok: false, code: 'dmarc-fail' });
  });

  it('D.X(6): forged From (signed by evil.test, sent from its IP) → DMARC fail → refused, and a correct secret does not rescue it', async () => {
    const raw = await signedMail({ from: 'alice@example.test', domain: 'evil.test' });
    const a = await auth(raw, { ip: '198.51.100.66', helo: 'mx.evil.test', mailFrom: 'bounce@evil.test' });
    expect(a).toMatchObject({ dkim: 'pass', dkimDomains: ['evil.test'], spf: 'pass', dmarc: 'fail', dmarcPolicy: 'reject', fromDomain: 'example.test' });
    expect(decide(a)).toMatchObject({ ok: false, code: 'dmarc-fail' });
    expect(decide(a, { registeredSecret: true, secretLine: 'k7q2m', secretMatches: true })).toMatchObject({ ok: false, code: 'dmarc-fail' });
    const d = decide(a);
    expect(!d.ok && d.reason).toMatch(/send it directly from your own mail account/);
  });

  it('D.X(6): a domain publishing p=none still has to pass: an unsigned message from it is refused', async () => {
    const a = await auth(await signedMail({ from: 'carol@monitor.test' }), { ip: '203.0.113.9', helo: 'x', mailFrom: 'carol@monitor.test' });
    expect(a).toMatchObject({ dkim: 'none', dmarc: 'fail', dmarcPolicy: 'none' });
    expect(decide(a, { fromAddress: 'carol@monitor.test', registeredSecret: true, secretLine: 's', secretMatches: true })).toMatchObject({ ok: false, code: 'dmarc-fail' });
  });

  it('a signed message from a p=none domain passes', async () => {
    const a = await auth(await signedMail({ from: 'carol@monitor.test', domain: 'monitor.test' }), { ip: '203.0.113.9', helo: 'x', mailFrom: 'carol@monitor.test' });
    expect(a).toMatchObject({ dmarc: 'pass', dmarcPolicy: 'none' });
    expect(decide(a, { fromAddress: 'carol@monitor.test' })).toMatchObject({ ok: true, method: 'dmarc' });
  });

  describe('a domain that publishes no DMARC (even though it signs): the secret decides', () => {
    let a: AuthResult;
    beforeAll(async () => {
      a = await auth(await signedMail({ from: 'bob@plain.test', domain: 'plain.test' }), { ip: '203.0.113.9', helo: 'mail.plain.test', mailFrom: 'bob@plain.test' });
    });
    const bob = (over: Partial<IdentityInput>) => decide(a, { fromAddress: 'bob@plain.test', ...over });

    it('mailauth: DKIM passes, DMARC none, no policy', () => {
      expect(a).toMatchObject({ dkim: 'pass', dmarc: 'none', dmarcPolicy: undefined, fromDomain: 'plain.test' });
    });
    // prettier-ignore
    it.each([
      ['secret on record, the right one in the message → accepted by secret', { registeredSecret: true,  secretLine: 'k7q2m', secretMatches: true },      { ok: true,  method: 'secret' }],
      ['secret on record, a wrong one → refused',                              { registeredSecret: true,  secretLine: 'nope',  secretMatches: false },     { ok: false, code: 'secret-wrong' }],
      ['secret on record, none in the message → refused',                      { registeredSecret: true,  secretLine: undefined, secretMatches: undefined }, { ok: false, code: 'secret-missing' }],
      ['no secret on record → accepted on the address alone',                  { registeredSecret: false, secretLine: undefined, secretMatches: undefined }, { ok: true,  method: 'address', evidence: 'address only (domain publishes no DMARC, no secret registered)' }],
      ['not registered → refused whatever the secret',                         { registered: false, registeredSecret: true, secretLine: 'k7q2m', secretMatches: true }, { ok: false, code: 'unregistered' }],
    ] as const)('D.X(6): %s', (_name, over, expected) => {
      expect(bob(over)).toMatchObject(expected);
    });

    it('the end to end path: the secret line found in the body and checked against the stored hash', () => {
      const stored = hashSecret('k7q2m-9xp4h-rt3vc');
      const body = 'A PAR - BUR\nSecret: k7q2m-9xp4h-rt3vc\nFinal\n';
      expect(bob(secretEvidence(body, stored))).toMatchObject({ ok: true, method: 'secret' });
      expect(bob(secretEvidence(body.replace('rt3vc', 'rt3vd'), stored))).toMatchObject({ ok: false, code: 'secret-wrong' });
      expect(bob(secretEvidence('A PAR - BUR\n', stored))).toMatchObject({ ok: false, code: 'secret-missing' });
      expect(bob(secretEvidence(body, null))).toMatchObject({ ok: true, method: 'address' });
    });
  });

  it('two addresses in From: mailauth skips DMARC; that is a permerror, never "publishes nothing"', async () => {
    const raw = Buffer.from('From: alice@example.test, mallory@plain.test\r\nTo: judge+wm01@judge.test\r\nSubject: x\r\nMessage-ID: <m1@x>\r\n\r\nA PAR - BUR\r\n');
    const a = await auth(raw, { ip: '203.0.113.9', helo: 'x', mailFrom: 'mallory@plain.test' });
    expect(a).toMatchObject({ dmarc: 'permerror', dmarcPolicy: undefined, fromDomain: undefined });
    expect(decide(a)).toMatchObject({ ok: false, code: 'auth-permerror' });
  });

  it('DNS failing (SERVFAIL) → temperror → refused as temporary, not treated as "no DMARC"', async () => {
    const raw = await signedMail({ from: 'alice@example.test', domain: 'example.test' });
    const servfail = async () => { throw Object.assign(new Error('SERVFAIL'), { code: 'ESERVFAIL' }); };
    const a = await authenticateMessage(raw, SENDER, { resolver: servfail, mta: 'judge.test' });
    expect(a).toMatchObject({ dkim: 'temperror', dmarc: 'temperror', dmarcPolicy: undefined });
    expect(decide(a)).toMatchObject({ ok: false, code: 'auth-temperror' });
  });

  it('never throws: a resolver that never answers times out as temperror with the message in the header', async () => {
    const raw = await signedMail({ from: 'alice@example.test', domain: 'example.test' });
    const a = await authenticateMessage(raw, SENDER, { resolver: () => new Promise(() => {}), timeoutMs: 50 });
    expect(a).toMatchObject({ dkim: 'temperror', spf: 'temperror', dmarc: 'temperror', dkimDomains: [] });
    expect(a.header).toContain('authentication timed out');
  });

  it(`never throws: a message over MAX_MESSAGE_BYTES (${MAX_MESSAGE_BYTES}) is a permerror without being read`, async () => {
    const a = await authenticateMessage(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x41), SENDER, { resolver });
    expect(a).toMatchObject({ dkim: 'permerror', dmarc: 'permerror' });
  });

  it('the envelope recovered from our MTA\'s headers feeds SPF: the delivered copy still passes', async () => {
    const raw = delivered(await signedMail({ from: 'alice@example.test', domain: 'example.test' }), SENDER);
    const env = envelopeFromHeaders(raw);
    expect(env).toMatchObject({ ip: '127.0.0.1', helo: 'mail.example.test', mailFrom: 'alice@example.test' });
    const a = await auth(raw, env);
    expect(a).toMatchObject({ dkim: 'pass', spf: 'pass', dmarc: 'pass' });
  });

  it('SPF follows the envelope: the same delivered copy from another client IP fails SPF', async () => {
    const raw = delivered(await signedMail({ from: 'alice@example.test' }), { ...SENDER, ip: '203.0.113.50' });
    const a = await auth(raw, envelopeFromHeaders(raw));
    expect(a).toMatchObject({ dkim: 'none', spf: 'fail', dmarc: 'fail' });
  });
});

describe('decideIdentity: every policy (pure)', () => {
  const pass: AuthResult = { dkim: 'pass', dkimDomains: ['example.test'], spf: 'pass', dmarc: 'pass', dmarcPolicy: 'reject', fromDomain: 'example.test', header: '' };
  const fail: AuthResult = { ...pass, dkim: 'neutral', dkimDomains: [], spf: 'fail', dmarc: 'fail' };
  const none: AuthResult = { ...pass, dmarc: 'none', dmarcPolicy: undefined };
  const temp: AuthResult = { ...pass, dkim: 'temperror', dmarc: 'temperror', dmarcPolicy: undefined };
  const secretOk = { registeredSecret: true, secretLine: 'x', secretMatches: true } as const;
  const secretBad = { registeredSecret: true, secretLine: 'x', secretMatches: false } as const;
  // prettier-ignore
  it.each([
    ['address: a registered address suffices, even failing DMARC', 'address',         fail,      {},                                      { ok: true,  method: 'address' }],
    ['address: unregistered → refused',                            'address',         pass,      { registered: false },                   { ok: false, code: 'unregistered' }],
    ['secret: the right secret → accepted',                        'secret',          none,      secretOk,                                { ok: true,  method: 'secret' }],
    ['secret: DMARC pass is not enough',                           'secret',          pass,      { registeredSecret: true },              { ok: false, code: 'secret-missing' }],
    ['secret: a wrong secret → refused',                           'secret',          pass,      secretBad,                               { ok: false, code: 'secret-wrong' }],
    ['secret: no secret on record → refused, ask the GM',          'secret',          pass,      {},                                      { ok: false, code: 'secret-not-registered' }],
    ['dmarc: pass → accepted',                                     'dmarc',           pass,      {},                                      { ok: true,  method: 'dmarc' }],
    ['dmarc: fail → refused, a secret does not help',              'dmarc',           fail,      secretOk,                                { ok: false, code: 'dmarc-fail' }],
    ['dmarc: domain publishes none → refused',                     'dmarc',           none,      secretOk,                                { ok: false, code: 'dmarc-none' }],
    ['dmarc: DNS temperror → refused as temporary',                'dmarc',           temp,      {},                                      { ok: false, code: 'auth-temperror' }],
    ['dmarc: not authenticated → refused',                         'dmarc',           undefined, {},                                      { ok: false, code: 'auth-unavailable' }],
    ['dmarc-or-secret: pass → accepted',                           'dmarc-or-secret', pass,      {},                                      { ok: true,  method: 'dmarc' }],
    ['dmarc-or-secret: fail where published → refused',            'dmarc-or-secret', fail,      secretOk,                                { ok: false, code: 'dmarc-fail' }],
    ['dmarc-or-secret: none + right secret → accepted',            'dmarc-or-secret', none,      secretOk,                                { ok: true,  method: 'secret' }],
    ['dmarc-or-secret: none + wrong secret → refused',             'dmarc-or-secret', none,      secretBad,                               { ok: false, code: 'secret-wrong' }],
    ['dmarc-or-secret: none + no secret on record → address',      'dmarc-or-secret', none,      {},                                      { ok: true,  method: 'address' }],
    ['dmarc-or-secret: temperror, no secret on record → refused',  'dmarc-or-secret', temp,      {},                                      { ok: false, code: 'auth-temperror' }],
    ['dmarc-or-secret: not authenticated, right secret → accepted','dmarc-or-secret', undefined, secretOk,                                { ok: true,  method: 'secret' }],
    ['dmarc-or-secret: not authenticated, no secret → refused',    'dmarc-or-secret', undefined, {},                                      { ok: false, code: 'auth-unavailable' }],
    ['any: unregistered comes first',                              'dmarc-or-secret', pass,      { registered: false },                   { ok: false, code: 'unregistered' }],
    ['any: From domain differs from the one authenticated',        'dmarc-or-secret', pass,      { fromAddress: 'alice@other.test' },     { ok: false, code: 'from-mismatch' }],
    ['any: domain compared case-insensitively',                    'dmarc-or-secret', pass,      { fromAddress: 'Alice@EXAMPLE.test' },   { ok: true,  method: 'dmarc' }],
  ] as const)('D.X(6) %s', (_name, policy, a, over, expected) => {
    expect(decide(a, { policy, ...over })).toMatchObject(expected);
  });

  it('every refusal tells the player what to do', () => {
    const refusals = [
      decide(fail), decide(none, { registeredSecret: true }), decide(none, secretBad), decide(temp), decide(pass, { registered: false }),
      decide(pass, { policy: 'secret' }), decide(none, { policy: 'dmarc' }), decide(undefined),
    ];
    for (const r of refusals) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/\b(send|add|ask|write|check)\b/);
    }
  });
});

describe('envelopeFromHeaders / parseReceived: the envelope our MTA recorded', () => {
  // prettier-ignore
  it.each([
    ['Postfix',                 'from mail.example.org (mail.example.org [203.0.113.5]) by mx.judge.test (Postfix) with ESMTPS id 4AB; Mon, 3 Mar 2025 11:59:58 +0000 (UTC)', { ip: '203.0.113.5', helo: 'mail.example.org', by: 'mx.judge.test', with: 'ESMTPS' }],
    ['Postfix, no rDNS',        'from laptop.local (unknown [198.51.100.7]) by mx.judge.test (Postfix) with ESMTP id 9F; Mon, 3 Mar 2025 11:59:58 +0000', { ip: '198.51.100.7', helo: 'laptop.local' }],
    ['Postfix, HELO literal',   'from [192.168.1.10] (unknown [203.0.113.9]) (Authenticated sender: alice) by mx.judge.test (Postfix) with ESMTPSA id 1; Mon, 3 Mar 2025 11:59:58 +0000', { ip: '203.0.113.9', helo: '[192.168.1.10]' }],
    ['Postfix, IPv6',           'from mail.example.org (mail.example.org [IPv6:2001:db8::25]) by mx.judge.test (Postfix) with ESMTPS id 2; Mon, 3 Mar 2025 11:59:58 +0000', { ip: '2001:db8::25', helo: 'mail.example.org' }],
    ['Gmail outbound',          'from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41]) by mx.judge.test with SMTPS id x; Mon, 03 Mar 2025 03:59:58 -0800 (PST)', { ip: '209.85.220.41', helo: 'mail-sor-f41.google.com' }],
    ['Exim',                    'from mail.example.org ([203.0.113.5]:51234 helo=client.example.org) by mx.judge.test with esmtps (TLS1.3) (Exim 4.96) (envelope-from <alice@example.org>) id 1t-00; Mon, 03 Mar 2025 11:59:58 +0000', { ip: '203.0.113.5', helo: 'client.example.org', envelopeFrom: 'alice@example.org' }],
    ['Exim, no rDNS',           'from [203.0.113.5] (helo=client.example.org) by mx.judge.test with esmtp (Exim 4.96) id 1t; Mon, 03 Mar 2025 11:59:58 +0000', { ip: '203.0.113.5', helo: 'client.example.org' }],
    ['Sendmail, may be forged', 'from client.example.org (rdns.example.net [203.0.113.5] (may be forged)) by mx.judge.test (8.17.1/8.17.1) with ESMTP id 123; Mon, 3 Mar 2025 11:59:58 GMT', { ip: '203.0.113.5', helo: 'client.example.org' }],
    ['qmail',                   'from unknown (HELO mail.example.org) (203.0.113.5) by mx.judge.test with SMTP; 3 Mar 2025 11:59:58 -0000', { ip: '203.0.113.5', helo: 'mail.example.org' }],
    ['Exchange',                'from AM0PR04MB1234.eurprd04.prod.outlook.com (2603:10a6:208:c0::14) by AM0PR04MB5678.eurprd04.prod.outlook.com with Microsoft SMTP Server id 15.20.1; Mon, 3 Mar 2025 11:59:58 +0000', { ip: '2603:10a6:208:c0::14', helo: 'AM0PR04MB1234.eurprd04.prod.outlook.com' }],
    ['Dovecot LMTP',            'from mx.judge.test ([127.0.0.1]) by vm with LMTP id abc (envelope-from <alice@example.org>) for <judge@judge.test>; Mon, 03 Mar 2025 11:59:59 +0000', { ip: '127.0.0.1', helo: 'mx.judge.test', with: 'LMTP', envelopeFrom: 'alice@example.org' }],
    ['local submission',        'by mx.judge.test (Postfix, from userid 1000) id 5; Mon, 3 Mar 2025 11:59:58 +0000 (UTC)', { by: 'mx.judge.test' }],
  ])('%s', (_name, value, expected) => {
    const hop = parseReceived(value);
    expect(hop).toMatchObject(expected);
    if (!('ip' in expected)) expect(hop.ip).toBeUndefined();
  });

  it('reads the date after the semicolon, comments ignored', () => {
    expect(parseReceived('from a (a [203.0.113.5]) by b with ESMTP id 1; Mon, 3 Mar 2025 11:59:58 +0000 (UTC)').date?.toISOString()).toBe('2025-03-03T11:59:58.000Z');
  });

  const msg = (...headers: string[]) => Buffer.from(`${headers.join('\r\n')}\r\nFrom: alice@example.org\r\nSubject: x\r\n\r\nReceived: from body (body [10.9.9.9])\r\n`);
  const postfix = 'Received: from mail.example.org (mail.example.org [203.0.113.5])\r\n\tby mx.judge.test (Postfix) with ESMTPS id 4AB\r\n\tfor <judge@judge.test>; Mon, 3 Mar 2025 11:59:58 +0000 (UTC)';
  const lmtp = 'Received: from mx.judge.test\r\n\tby vm with LMTP\r\n\tid 8Hk2\r\n\t(envelope-from <alice@example.org>)\r\n\tfor <judge@judge.test>; Mon, 03 Mar 2025 11:59:59 +0000';
  const forged = 'Received: from trusted.example.org (trusted.example.org [192.0.2.1]) by mx.example.org with ESMTP id 1; Mon, 3 Mar 2025 11:00:00 +0000';

  // prettier-ignore
  it.each([
    ['Postfix hop + Return-Path',                       [ 'Return-Path: <alice@example.org>', postfix],                   {},                              { ip: '203.0.113.5', helo: 'mail.example.org', mailFrom: 'alice@example.org', receivedAt: new Date('2025-03-03T11:59:58Z') }],
    ['Dovecot LMTP on top is skipped',                  [ 'Return-Path: <alice@example.org>', lmtp, postfix],             {},                              { ip: '203.0.113.5', helo: 'mail.example.org', mailFrom: 'alice@example.org' }],
    ['headers below the edge (sender-written) are never read', [ 'Return-Path: <alice@example.org>', postfix, forged],   {},                              { ip: '203.0.113.5' }],
    ['null sender Return-Path <>',                      [ 'Return-Path: <>', postfix],                                    {},                              { ip: '203.0.113.5', mailFrom: '' }],
    ['no Return-Path: envelope-from of our LMTP hop',   [ lmtp, postfix],                                                 {},                              { ip: '203.0.113.5', mailFrom: 'alice@example.org' }],
    ['a content-filter hop from an internal IP is skipped', [ 'Received: from localhost (localhost [127.0.0.1]) by mx.judge.test (Postfix) with ESMTP id 7; Mon, 3 Mar 2025 11:59:59 +0000', postfix], { internalIps: ['127.0.0.1'] }, { ip: '203.0.113.5', helo: 'mail.example.org' }],
    ['without internalIps the topmost SMTP hop is the edge', [ 'Received: from localhost (localhost [127.0.0.1]) by mx.judge.test (Postfix) with ESMTP id 7; Mon, 3 Mar 2025 11:59:59 +0000', postfix], {},          { ip: '127.0.0.1', helo: 'localhost' }],
    ['local submission: no client IP',                  [ 'Received: by mx.judge.test (Postfix, from userid 1000) id 5; Mon, 3 Mar 2025 11:59:58 +0000', forged], {},                  { }],
    ['a Received line in the body is not a header',     [ 'X-Other: 1'],                                                  {},                              { }],
  ] as const)('%s', (_name, headers, options, expected) => {
    const env = envelopeFromHeaders(msg(...headers), options);
    expect(env).toMatchObject(expected);
    if (!('ip' in expected)) expect(env.ip).toBeUndefined();
  });
});

describe('per-player secrets', () => {
  it('hashSecret stores sha256$salt$hash with a fresh salt; verifySecret accepts only the secret', () => {
    const a = hashSecret('k7q2m-9xp4h-rt3vc');
    const b = hashSecret('k7q2m-9xp4h-rt3vc');
    expect(a).toMatch(/^sha256\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    // The hash is SHA-256 over the salt and then the secret's UTF-8 bytes, computed here independently.
    const [, salt, hash] = a.split('$');
    expect(createHash('sha256').update(Buffer.from(salt!, 'base64')).update('k7q2m-9xp4h-rt3vc').digest('base64')).toBe(hash);
    expect(a).not.toBe(b);
    expect(a).not.toContain('k7q2m');
    expect(verifySecret('k7q2m-9xp4h-rt3vc', a)).toBe(true);
    expect(verifySecret('k7q2m-9xp4h-rt3vc', b)).toBe(true);
    expect(verifySecret('  k7q2m-9xp4h-rt3vc ', a)).toBe(true); // surrounding blanks dropped
    expect(verifySecret('K7Q2M-9XP4H-RT3VC', a)).toBe(false); // case matters
    expect(verifySecret('k7q2m-9xp4h-rt3vd', a)).toBe(false);
    expect(verifySecret('', a)).toBe(false);
  });

  it('a hash stored before stop 37 (scrypt$salt$hash) is still verified', () => {
    const salt = Buffer.from('0123456789abcdef');
    const stored = `scrypt$${salt.toString('base64')}$${scryptSync('k7q2m-9xp4h-rt3vc', salt, 32).toString('base64')}`;
    expect(verifySecret('k7q2m-9xp4h-rt3vc', stored)).toBe(true);
    expect(verifySecret('k7q2m-9xp4h-rt3vd', stored)).toBe(false);
  });

  // prettier-ignore
  it.each([
    ['not a hash',            'k7q2m'],
    ['another scheme',        'bcrypt$abc$def'],
    ['truncated hash',        `scrypt$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(8).toString('base64')}`],
    ['empty salt',            `scrypt$$${Buffer.alloc(32).toString('base64')}`],
    ['truncated sha256',      `sha256$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(8).toString('base64')}`],
    ['sha256, empty salt',    `sha256$$${Buffer.alloc(32).toString('base64')}`],
    ['empty',                 ''],
  ])('a malformed stored hash (%s) never matches and never throws', (_name, stored) => {
    expect(verifySecret('k7q2m', stored)).toBe(false);
  });

  it('generateSecret makes distinct one-word secrets that findSecretLine reads back', () => {
    const s = generateSecret();
    expect(s).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(generateSecret()).not.toBe(s);
    expect(findSecretLine(`Secret: ${s}`)?.value).toBe(s);
  });

  // prettier-ignore
  it.each([
    ['Password: line',                  'A PAR - BUR\nPassword: k7q2m\nFinal',          { value: 'k7q2m', line: 2 }],
    ['Secret: line, any case',          'SECRET:   k7q2m  \nA PAR - BUR',                 { value: 'k7q2m', line: 1 }],
    ['Passphrase = line',               'A PAR - BUR\n\npassphrase = k7q2m',              { value: 'k7q2m', line: 3 }],
    ['Markdown bold from an HTML mail', '**Password:** k7q2m',                            { value: 'k7q2m', line: 1 }],
    ['the first one counts',            'Secret: one\nSecret: two',                       { value: 'one', line: 1 }],
    ['none',                            'A PAR - BUR\nFinal',                             undefined],
    ['press that starts with "Secret:"', 'Secret: I will support you into BUR',           undefined],
    ['a quoted secret is not this message\'s', 'A PAR - BUR\n> Secret: k7q2m',            undefined],
    ['a secret below the signature is not read', 'A PAR - BUR\n-- \nSecret: k7q2m',       undefined],
    ['an empty value',                  'Password:',                                      undefined],
  ])('findSecretLine: %s', (_name, text, expected) => {
    expect(findSecretLine(text)).toEqual(expected);
  });

  it('stripSecretLines blanks every secret line (quoted ones too) and keeps line numbers', () => {
    const text = 'A PAR - BUR\r\nSecret: k7q2m\r\nF BRE - MAO\r\n> password: k7q2m\r\nFinal';
    const out = stripSecretLines(text);
    expect(out).not.toContain('k7q2m');
    expect(out.split('\r\n')).toEqual(['A PAR - BUR', '', 'F BRE - MAO', '', 'Final']);
    expect(stripSecretLines('Secret: I will support you')).toBe('Secret: I will support you');
  });
});
