/**
 * Reading a reply address of this judge (reply-tokens.ts makes them), in a module without a database
 * driver: `mailjudge ingest` reads it before Kysely loads (docs/startup.md).
 */

/** The game and token of a reply address of this judge, or `undefined`. Pure. */
export function parseReplyAddress(judgeAddress: string, address: string): { gameId: string; token: string } | undefined {
  const at = judgeAddress.lastIndexOf('@');
  const local = judgeAddress.slice(0, at).toLowerCase();
  const domain = judgeAddress.slice(at + 1).toLowerCase();
  const a = address.toLowerCase();
  if (!a.startsWith(`${local}+`) || !a.endsWith(`@${domain}`)) return undefined;
  const m = /^([a-z0-9][a-z0-9-]*)\.([a-z2-9]{8})$/.exec(a.slice(local.length + 1, a.length - domain.length - 1));
  return m ? { gameId: m[1]!, token: m[2]! } : undefined;
}
