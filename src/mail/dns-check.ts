/**
 * The judge's domain as the world sees it (issue 27, `mailjudge doctor`): an MX so players' replies
 * and delivery reports reach it, SPF that lets the sending host send for it, the DKIM selector's
 * key matching the judge's private key, and a DMARC policy. Every lookup goes through the resolver
 * given (node's `dns.promises.resolve` in use; a test zone in tests), and every problem names the
 * record to publish or fix.
 */
import { spf } from 'mailauth';
import { dkimPublicKeyValue } from './outbound/dkim-key.js';

/** `dns.promises.resolve`'s shape. */
export type Resolver = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsCheckInput {
  /** The judge's mail domain (the From address's). */
  readonly domain: string;
  /** The addresses mail leaves from (the smarthost's, or this machine's public address when sending directly). */
  readonly sendingIps: readonly string[];
  /** The DKIM selector and private key, when signing is configured. */
  readonly dkim?: { readonly selector: string; readonly domain: string; readonly privateKey: string };
  readonly resolver: Resolver;
}

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  /** What was found (ok) or what is wrong and the record or setting that fixes it (not ok). */
  readonly detail: string;
  /** A remark that is not a problem (DMARC p=none, a check skipped). */
  readonly note?: boolean;
}

async function txt(resolver: Resolver, name: string): Promise<string[] | undefined> {
  try {
    const r = (await resolver(name, 'TXT')) as string[][];
    return r.map((chunks) => chunks.join(''));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN') return undefined;
    throw e;
  }
}

function tags(record: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) m.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return m;
}

/** Every DNS check of the judge's domain, in order: MX, SPF, DKIM, DMARC. Never throws: a failed lookup is a problem. */
export async function checkDomainDns(input: DnsCheckInput): Promise<Check[]> {
  const { domain, resolver } = input;
  const out: Check[] = [];
  const guard = async (name: string, fn: () => Promise<Check>) => {
    try {
      out.push(await fn());
    } catch (e) {
      out.push({ name, ok: false, detail: `the DNS lookup failed (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check the resolver and the domain ${domain}` });
    }
  };

  await guard('MX', async () => {
    let mx: { exchange: string; priority: number }[] = [];
    try {
      mx = (await resolver(domain, 'MX')) as typeof mx;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') throw e;
    }
    if (mx.length === 0) return { name: 'MX', ok: false, detail: `${domain} has no MX record, so replies and delivery reports cannot reach the judge: publish "${domain}. MX 10 mx.${domain}." pointing at the server that holds the judge's mailbox` };
    return { name: 'MX', ok: true, detail: mx.sort((a, b) => a.priority - b.priority).map((m) => `${m.priority} ${m.exchange}`).join(', ') };
  });

  await guard('SPF', async () => {
    const records = ((await txt(resolver, domain)) ?? []).filter((r) => /^v=spf1(\s|$)/i.test(r));
    const fix = `publish "${domain}. TXT \\"v=spf1 ${input.sendingIps.map((ip) => `${ip.includes(':') ? 'ip6' : 'ip4'}:${ip}`).join(' ') || 'ip4:<your sending address>'} -all\\"" (or include: your smarthost provider's SPF)`;
    if (records.length === 0) return { name: 'SPF', ok: false, detail: `${domain} publishes no SPF record: ${fix}` };
    if (records.length > 1) return { name: 'SPF', ok: false, detail: `${domain} publishes ${records.length} SPF records (RFC 7208 allows one; receivers treat it as an error): merge them into one` };
    if (input.sendingIps.length === 0) return { name: 'SPF', ok: true, note: true, detail: `"${records[0]}" (not checked against a sending address: none is known; pass --sending-ip)` };
    const failing: string[] = [];
    for (const ip of input.sendingIps) {
      const r = await spf({ sender: `postmaster@${domain}`, ip, helo: domain, mta: 'mailjudge-doctor', resolver: resolver as never });
      if (r.status.result !== 'pass') failing.push(`${ip} (${r.status.result})`);
    }
    if (failing.length > 0) return { name: 'SPF', ok: false, detail: `"${records[0]}" does not let ${failing.join(', ')} send for ${domain}: ${fix}` };
    return { name: 'SPF', ok: true, detail: `"${records[0]}" passes ${input.sendingIps.join(', ')}` };
  });

  if (input.dkim) {
    const d = input.dkim;
    const name = `${d.selector}._domainkey.${d.domain}`;
    await guard('DKIM', async () => {
      const want = dkimPublicKeyValue(d.privateKey);
      const record = ((await txt(resolver, name)) ?? []).find((r) => /(^|;)\s*p=/.test(r));
      const fix = `publish "${name}. TXT \\"v=DKIM1; k=rsa; p=${want}\\"" (mailjudge dkim keygen prints it)`;
      if (!record) return { name: 'DKIM', ok: false, detail: `no DKIM key at ${name}: ${fix}` };
      const p = tags(record).get('p') ?? '';
      if (p === '') return { name: 'DKIM', ok: false, detail: `the key at ${name} is revoked (empty p=): ${fix}` };
      if (p !== want) return { name: 'DKIM', ok: false, detail: `the key at ${name} is not the public half of the judge's private key (another key, or a record cut short): ${fix}` };
      if (d.domain !== domain && !d.domain.endsWith(`.${domain}`) && !domain.endsWith(`.${d.domain}`)) {
        return { name: 'DKIM', ok: false, detail: `the signing domain ${d.domain} is not aligned with the From domain ${domain}, so DMARC ignores the signature: set MAILJUDGE_DKIM_DOMAIN=${domain}` };
      }
      return { name: 'DKIM', ok: true, detail: `${name} holds the judge's key` };
    });
  } else {
    out.push({ name: 'DKIM', ok: true, note: true, detail: 'mail is not signed (no MAILJUDGE_DKIM_SELECTOR): large providers may file it as spam; run mailjudge dkim keygen --selector mj1' });
  }

  await guard('DMARC', async () => {
    const name = `_dmarc.${domain}`;
    const record = ((await txt(resolver, name)) ?? []).find((r) => /^v=DMARC1/i.test(r));
    const fix = `publish "${name}. TXT \\"v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${domain}\\""`;
    if (!record) return { name: 'DMARC', ok: false, detail: `${domain} publishes no DMARC policy at ${name}: ${fix}` };
    const p = tags(record).get('p')?.toLowerCase();
    if (p !== 'none' && p !== 'quarantine' && p !== 'reject') return { name: 'DMARC', ok: false, detail: `"${record}" has no valid p= tag: ${fix}` };
    if (p === 'none') return { name: 'DMARC', ok: true, note: true, detail: `"${record}": p=none asks receivers to do nothing with mail that fails; once DKIM and SPF pass, raise it to p=quarantine` };
    return { name: 'DMARC', ok: true, detail: `"${record}"` };
  });
  return out;
}
