/**
 * The web view's pages: server-rendered HTML from handlebars templates in `templates/web/` (escaped:
 * `{{x}}` is HTML-escaped, as everything shown there came from mail or the database), inside the
 * `layout` partial. No script anywhere: every page reads without JavaScript, and the CSP forbids it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { templatesDir } from '../mail/outbound/render.js';

let engine: typeof Handlebars | undefined;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function hbs(): typeof Handlebars {
  if (engine) return engine;
  const h = Handlebars.create();
  const dir = join(templatesDir(), 'web', 'partials');
  for (const f of readdirSync(dir)) if (f.endsWith('.hbs')) h.registerPartial(f.replace(/\.hbs$/, ''), readFileSync(join(dir, f), 'utf8'));
  h.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  h.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  h.registerHelper('enc', (s: unknown) => encodeURIComponent(String(s ?? '')));
  engine = h;
  return h;
}

/** What every page shows in its frame: the title and who is signed in. */
export interface PageFrame {
  readonly title: string;
  readonly viewer?: { readonly label: string } | undefined;
}

/** Render `templates/web/<name>.hbs` with `context`, inside the layout. */
export function renderPage(name: string, frame: PageFrame, context: object = {}): string {
  let t = compiled.get(name);
  if (!t) {
    t = hbs().compile(`{{#> layout}}${readFileSync(join(templatesDir(), 'web', `${name}.hbs`), 'utf8')}{{/layout}}`, { strict: false });
    compiled.set(name, t);
  }
  return t({ ...context, frame });
}
