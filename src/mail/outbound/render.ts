/**
 * Render an email from a handlebars template in `templates/` (plain text: the hobby reads results in
 * plain text). Templates are compiled once; partials come from `templates/partials/`. The first line
 * of a rendered template is `Subject: …`; the rest is the body.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
}

/** templates/ at the top of the project, from src/ or from dist/src/. */
export function templatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      readdirSync(join(dir, 'templates', 'partials'));
      return join(dir, 'templates');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('templates/ not found');
}

let engine: typeof Handlebars | undefined;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function hbs(): typeof Handlebars {
  if (engine) return engine;
  const h = Handlebars.create();
  const dir = join(templatesDir(), 'partials');
  for (const f of readdirSync(dir)) if (f.endsWith('.hbs')) h.registerPartial(f.replace(/\.hbs$/, ''), readFileSync(join(dir, f), 'utf8'));
  h.registerHelper('pad', (text: unknown, width: number) => String(text ?? '').padEnd(Number(width)));
  h.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  // `{{hoursOf 1}}` → "1 hour", `{{hoursOf 12}}` → "12 hours": an extension is what it says.
  h.registerHelper('hoursOf', (n: unknown) => `${String(n)} hour${Number(n) === 1 ? '' : 's'}`);
  h.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  engine = h;
  return h;
}

/** Render `templates/<name>.hbs` with `context`. */
export function renderMail(name: string, context: object): RenderedMail {
  let t = compiled.get(name);
  if (!t) {
    t = hbs().compile(readFileSync(join(templatesDir(), `${name}.hbs`), 'utf8'), { noEscape: true, strict: false });
    compiled.set(name, t);
  }
  const out = t(context).replace(/\n{3,}/g, '\n\n');
  const nl = out.indexOf('\n');
  const first = out.slice(0, nl);
  if (!first.startsWith('Subject: ')) throw new Error(`template ${name} must start with a "Subject: " line`);
  return { subject: first.slice('Subject: '.length).trim(), text: `${out.slice(nl + 1).replace(/^\n+/, '').trimEnd()}\n` };
}
