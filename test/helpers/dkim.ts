/**
 * Mail domains for tests: each signs with its own RSA key (nodemailer's DKIM signer) and publishes
 * DKIM, SPF (127.0.0.1: our Postfix and the loopback listener) and, unless told otherwise, a strict
 * DMARC policy, through an injected DNS resolver shaped like `dns.promises.resolve` (INFRA.md 5).
 */
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';

type Zone = Record<string, Record<string, string[][]>>;

export interface TestMail {
  readonly from: string;
  readonly to?: string | readonly string[];
  readonly cc?: string | readonly string[];
  readonly subject?: string;
  readonly text?: string;
  readonly html?: string;
  readonly messageId?: string;
  readonly headers?: Record<string, string>;
  /** Sign as this domain instead of the From domain (a forgery); `false`: do not sign. */
  readonly signAs?: string | false;
}

export class TestDomains {
  private readonly keys = new Map<string, string>();
  private readonly zone: Zone = {};

  /** `domains`: publish DKIM, SPF and DMARC p=reject; `noDmarc`: publish nothing at all. */
  constructor(domains: readonly string[], readonly noDmarc: readonly string[] = []) {
    for (const d of domains) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
      this.keys.set(d, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      this.zone[`s1._domainkey.${d}`] = { TXT: [[`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`]] };
      this.zone[d] = { TXT: [['v=spf1 ip4:127.0.0.1 -all']] };
      this.zone[`_dmarc.${d}`] = { TXT: [['v=DMARC1; p=reject; adkim=r; aspf=r']] };
    }
  }

  readonly resolver = async (name: string, rr: string): Promise<unknown> => {
    const hit = this.zone[name.toLowerCase()]?.[rr];
    if (!hit) throw Object.assign(new Error(`nx ${name} ${rr}`), { code: 'ENOTFOUND' });
    return hit;
  };

  /** nodemailer options for a transport that signs as `domain` (for sending through Postfix). */
  dkim(domain: string): { domainName: string; keySelector: string; privateKey: string } {
    const privateKey = this.keys.get(domain);
    if (!privateKey) throw new Error(`no key for ${domain}`);
    return { domainName: domain, keySelector: 's1', privateKey };
  }

  /** The raw message, signed by the From domain (or `signAs`). */
  async build(m: TestMail): Promise<Buffer> {
    const signer = m.signAs === false ? undefined : (m.signAs ?? m.from.split('@')[1]!);
    const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...(signer && this.keys.has(signer) ? { dkim: this.dkim(signer) } : {}) });
    const info = await t.sendMail({
      from: m.from, to: m.to as string | string[] | undefined, cc: m.cc as string | string[] | undefined, subject: m.subject ?? 'orders',
      ...(m.html ? { html: m.html } : { text: m.text ?? '' }), ...(m.messageId ? { messageId: m.messageId } : {}), headers: m.headers ?? {},
    });
    return info.message as Buffer;
  }
}
