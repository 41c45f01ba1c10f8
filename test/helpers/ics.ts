/**
 * A small iCalendar reader for tests (RFC 5545 3.1: unfold continuation lines, then NAME;PARAMS:VALUE),
 * so the tests read the event a calendar app would read, not the generator's own objects.
 */
export interface IcsProperty {
  readonly name: string;
  readonly params: Record<string, string>;
  readonly value: string;
}

/** The properties of every component, in order, as `{ component, properties }`. */
export function parseIcs(text: string): { component: string; properties: IcsProperty[] }[] {
  const lines = text.replace(/\r\n[ \t]/g, '').replace(/\n[ \t]/g, '').split(/\r?\n/).filter((l) => l !== '');
  const out: { component: string; properties: IcsProperty[] }[] = [];
  const stack: { component: string; properties: IcsProperty[] }[] = [];
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [name, ...params] = head.split(';');
    if (name === 'BEGIN') stack.push({ component: value, properties: [] });
    else if (name === 'END') out.push(stack.pop()!);
    else stack[stack.length - 1]!.properties.push({ name: name!, params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])), value });
  }
  return out;
}

/** The single VEVENT's properties by name, and the calendar's METHOD. */
export function readEvent(text: string): { method: string | undefined; event: Record<string, string> } {
  const parts = parseIcs(text);
  const events = parts.filter((p) => p.component === 'VEVENT');
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length}`);
  const cal = parts.find((p) => p.component === 'VCALENDAR')!;
  return { method: cal.properties.find((p) => p.name === 'METHOD')?.value, event: Object.fromEntries(events[0]!.properties.map((p) => [p.name, p.value])) };
}
