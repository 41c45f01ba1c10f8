/**
 * `npm run bench:parse`: messages per second from raw RFC 822 bytes to an order sheet (mailparser,
 * quote and signature removal, the sheet grammar, the engine's legality check) over the `.eml` corpus.
 */
import { clearOrderParseCache } from '../src/diplomacy/index.js';
import { parseMessage } from '../src/mail/inbound/parse-message.js';
import { parseOrderSheet } from '../src/diplomacy/sheet/index.js';
import { loadCorpus } from '../test/helpers/mail-corpus.js';

const corpus = loadCorpus();
const ROUNDS = 60;
const RUNS = 5;

async function once(): Promise<number> {
  let orders = 0;
  for (const m of corpus) {
    const p = await parseMessage(m.raw);
    if (!p.ok) continue;
    orders += parseOrderSheet(p.mail.text, { state: m.state, power: m.expect.power, subject: p.mail.subject }).orders.length;
  }
  return orders;
}

async function main(): Promise<void> {
  for (let i = 0; i < 3; i++) await once(); // warm-up (JIT)
  const rates: number[] = [];
  const sheetOnly: number[] = [];
  const texts = await Promise.all(corpus.map(async (m) => ({ m, p: await parseMessage(m.raw) })));
  for (let r = 0; r < RUNS; r++) {
    clearOrderParseCache();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) await once();
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    rates.push((ROUNDS * corpus.length) / secs);
    // The pure part alone: text → sheet.
    const t1 = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) for (const { m, p } of texts) if (p.ok) parseOrderSheet(p.mail.text, { state: m.state, power: m.expect.power, subject: p.mail.subject });
    sheetOnly.push((ROUNDS * corpus.length) / (Number(process.hrtime.bigint() - t1) / 1e9));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const bytes = corpus.reduce((n, m) => n + m.raw.length, 0);
  console.log(`corpus: ${corpus.length} messages, ${(bytes / 1024).toFixed(1)} KiB; ${RUNS} runs of ${ROUNDS} passes`);
  console.log(`raw RFC 822 → order sheet: ${median(rates).toFixed(0)} messages/s (median; ${(1e6 / median(rates)).toFixed(0)} µs per message)`);
  console.log(`body text → order sheet (pure part only): ${median(sheetOnly).toFixed(0)} messages/s`);
  console.log(`peak RSS: ${(process.memoryUsage().rss / 1048576).toFixed(1)} MB`);
}

await main();
