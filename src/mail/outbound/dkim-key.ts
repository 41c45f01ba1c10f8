/**
 * The judge's DKIM key (issue 27): `mailjudge dkim keygen --selector S` makes an RSA key, writes it
 * as a PKCS#8 PEM file readable by its owner only, and prints the TXT record to publish at
 * `S._domainkey.<domain>`; the running judge reads it once at start (send.ts signs with it).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DkimConfig } from '../../config/config.js';
import type { DkimOptions } from './send.js';

/** RSA modulus length of a new key: 2048 bits, what the large providers expect (1024 is weak, 4096 too long for many DNS hosts). */
export const DKIM_KEY_BITS = 2048;

/** The signing options of a configured key; throws with the setting to fix when the file cannot be read as a private key. */
export function readDkimKey(c: DkimConfig): DkimOptions {
  let pem: string;
  try {
    pem = readFileSync(c.keyFile, 'utf8');
  } catch (e) {
    throw new Error(`DKIM key file ${c.keyFile} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); run \`mailjudge dkim keygen --selector ${c.selector}\` or fix MAILJUDGE_DKIM_KEY_FILE (dkim.keyFile)`);
  }
  try {
    createPrivateKey(pem);
  } catch (e) {
    throw new Error(`DKIM key file ${c.keyFile} is not a PEM private key (${(e as Error).message}); run \`mailjudge dkim keygen --selector ${c.selector}\` to make one`);
  }
  return { domainName: c.domain, keySelector: c.selector, privateKey: pem };
}

/** The `p=` value of a private key's public half: base64 of its SubjectPublicKeyInfo DER. */
export function dkimPublicKeyValue(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The TXT record's text for a private key: `v=DKIM1; k=rsa; p=…`. */
export function dkimRecordText(privateKeyPem: string): string {
  return `v=DKIM1; k=rsa; p=${dkimPublicKeyValue(privateKeyPem)}`;
}

/**
 * The record as a zone file line: a TXT string holds at most 255 characters, so a 2048-bit key's
 * text is split into several quoted strings, which resolvers join.
 */
export function dkimZoneLine(selector: string, domain: string, text: string): string {
  const chunks = text.match(/.{1,250}/g) ?? [];
  return `${selector}._domainkey.${domain}. 3600 IN TXT ( ${chunks.map((c) => `"${c}"`).join('\n    ')} )`;
}

/** Make a key and write it to `file` (mode 0600); refuses to overwrite an existing file unless `force`. Returns the PEM. */
export function generateDkimKey(file: string, options: { force?: boolean; bits?: number } = {}): string {
  if (existsSync(file) && !options.force) throw new Error(`${file} exists; keep it (its record is already published?) or pass --force to replace it`);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? DKIM_KEY_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}
