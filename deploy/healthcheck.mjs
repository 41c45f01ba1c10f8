// The container's health check (Dockerfile HEALTHCHECK): exit 0 when the database answers and a
// judge process of this host (the container) is registered in judge_processes, 1 otherwise.
import { hostname } from 'node:os';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
client.on('error', () => {});
try {
  await client.connect();
  const r = await client.query('SELECT count(*)::int AS n FROM judge_processes WHERE host = $1', [hostname()]);
  await client.end();
  if (r.rows[0].n > 0) process.exit(0);
  console.error(`no judge process of ${hostname()} is registered`);
  process.exit(1);
} catch (e) {
  console.error(`database: ${e.message}`);
  process.exit(1);
}
