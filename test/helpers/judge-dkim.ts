/**
 * A DKIM key for the judge's domain in tests of outbound mail: the signer's options (selector `mj1`
 * at judge.example.org) and a mailauth resolver that publishes its public key and nothing else.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { DkimOptions } from '../../src/mail/outbound/send.js';
import { mulberry32 } from './mulberry32.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** The judge's signing options. */
export const DKIM: DkimOptions = { domainName: 'judge.example.org', keySelector: 'mj1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };

/** mailauth's resolver: the key's TXT record; every other name does not exist. */
export const resolver = async (name: string, rr: string): Promise<unknown> => {
  if (name === 'mj1._domainkey.judge.example.org' && rr === 'TXT') return [[`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`]];
  throw Object.assign(new Error(`nx ${name}`), { code: 'ENOTFOUND' });
};

/** `n` bytes that look like nothing in particular (a picture's compressed data), the same for a seed. */
export function seededBytes(n: number, seed: number): Buffer {
  const rand = mulberry32(seed);
  const b = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}
