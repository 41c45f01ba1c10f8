/**
 * Serve the web view, /healthz and /metrics on `MAILJUDGE_WEB_LISTEN` (issue 31); `mailjudge start`
 * and the demo call it after the judge has started. Records the view's address, so that `WEB` by mail
 * and `mailjudge web-link` from another shell write links to it.
 */
import type { Config } from '../config/config.js';
import { judgeKey } from '../db/judge-keys.js';
import type { Db } from '../db/schema.js';
import { recordWebUrl } from '../db/web-access.js';
import { imapSourceSettings } from '../mail/sources/imap-source.js';

export interface RunningWeb {
  /** The address people reach it by (MAILJUDGE_WEB_URL, else http://host:port). */
  readonly url: string;
  /** The port it listens on (the one asked for, or the one given for port 0). */
  readonly port: number;
  stop(): Promise<void>;
}

/** Start the web view when `config.webListen` is set; `undefined` otherwise. The judge started last on a database decides the address links name. */
export async function startWeb(db: Db, config: Config, options: { now?: () => Date } = {}): Promise<RunningWeb | undefined> {
  if (!config.webListen) {
    // No view served: `WEB` and `web-link` say so instead of writing links to a view no one serves.
    await recordWebUrl(db, null);
    return undefined;
  }
  const secret = (await judgeKey(db, 'web-cookie')).toString('base64url');
  const mailboxes = [config.imap, config.confirmImap].filter((m) => m !== undefined).map((m) => imapSourceSettings(m).name);
  // fastify and the pages load only when the view is served (a judge without it starts without them).
  const { buildWebServer } = await import('./server.js');
  const app = await buildWebServer(db, { webUrl: config.webUrl ?? `http://${config.webListen.host}:${config.webListen.port}`, cookieSecret: secret, mailboxes, ...(options.now ? { now: options.now } : {}) });
  await app.listen({ host: config.webListen.host, port: config.webListen.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.webListen.port;
  // Port 0 (tests): the default address names the port given.
  const url = (config.webUrl ?? `http://${config.webListen.host}:${config.webListen.port}`).replace(/:0$/, `:${port}`);
  await recordWebUrl(db, url);
  return {
    url,
    port,
    async stop() {
      await app.close();
    },
  };
}
