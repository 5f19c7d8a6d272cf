// Tiny DOM helpers (elements are built without innerHTML, so no markup injection from data) and the
// formatting of money, quantities and dates.

export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

export function h(tag: string, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElement {
  const svg = SVG_TAGS.has(tag);
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v as EventListener);
    } else if (v === true) {
      el.setAttribute(k, '');
    } else {
      el.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false || c === '') continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
  return el as HTMLElement;
}

const SVG_TAGS = new Set(['svg', 'g', 'rect', 'line', 'text', 'title', 'desc', 'path', 'polyline', 'circle']);

export function clear(el: Element) { el.replaceChildren(); }

// when is a date and time in the reader's locale; day is the date alone.
// (an instant before 1971 stands for "never": the API's zero time)
export function when(iso?: string | null): string {
  const d = instant(iso);
  return d ? d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

export function day(iso?: string | null): string {
  const d = instant(iso);
  return d ? d.toLocaleDateString('en-US', { dateStyle: 'medium' }) : '—';
}

// clock is the time of day of an instant in a time zone, for example "1:23 PM".
export function clock(iso: string, timeZone?: string): string {
  const d = instant(iso);
  return d ? d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone }) : '—';
}

export function instant(iso?: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return isNaN(d.getTime()) || d.getUTCFullYear() < 1971 ? null : d;
}

let currency = 'USD';

// setCurrency sets the currency of every money() figure (the client's).
export function setCurrency(c: string) { currency = c || 'USD'; }

// money formats integer cents of the client's currency.
export function money(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  // a zero is never negative ("-£0.00" for a negated zero or a rounded sliver of a loss)
  const v = Math.round(cents) === 0 ? 0 : cents / 100;
  return v.toLocaleString('en-US', { style: 'currency', currency });
}

// signed shows a gain with its sign (+$1.00, −$1.00).
export function signed(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  return cents > 0 ? `+${money(cents)}` : cents < 0 ? `−${money(-cents)}` : money(0);
}

// compact is a short money figure for chart axes ($12K, $1.2M).
export function compact(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
}

// qty shows an exact decimal quantity with at most 8 decimals (the exact value is in the title).
export function qty(exact: string | null | undefined): string {
  if (!exact) return '—';
  const n = Number(exact);
  if (!isFinite(n)) return exact;
  return n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) >= 1000 ? 2 : 8 });
}

export function percent(p: number | null | undefined): string {
  if (p === null || p === undefined || !isFinite(p)) return '—';
  return `${p > 0 ? '+' : p < 0 ? '−' : ''}${Math.abs(p).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

// shortAddress keeps the start and end of a long address.
export function shortAddress(a: string): string { return a.length > 16 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a; }

// announce tells screen readers about a change outside the focused element.
export function announce(text: string) {
  let live = document.getElementById('announcer');
  if (!live) {
    live = h('div', { id: 'announcer', class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    document.body.append(live);
  }
  live.textContent = '';
  setTimeout(() => { live!.textContent = text; }, 50);
}

export function sleep(ms: number) { return new Promise((r) => setTimeout(r, ms)); }

// loading is the placeholder of a part of a page that is being read.
export function loading(what: string): HTMLElement {
  return h('p', { class: 'loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), `Loading ${what}…`);
}

// empty is the designed state of a list with nothing in it.
export function empty(text: string, id?: string, ...more: Child[]): HTMLElement {
  return h('div', { class: 'empty', id }, h('p', {}, text), ...more);
}

// field wraps a control with its label.
export function field(id: string, label: string, control: HTMLElement, cls = ''): HTMLElement {
  control.id = id;
  return h('div', { class: `field ${cls}` }, h('label', { for: id }, label), control);
}

export function select(name: string, options: [string, string][], value?: string): HTMLSelectElement {
  const s = h('select', { name }, ...options.map(([v, l]) => h('option', { value: v }, l))) as HTMLSelectElement;
  if (value !== undefined) s.value = value;
  return s;
}

export function button(text: string, onclick: (e: Event) => void, cls = '', attrs: Attrs = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: cls, onclick, ...attrs }, text) as HTMLButtonElement;
}

// askFirst is the click handler of a one-click action that is hard to take back: the first press
// shows the question with Yes and Cancel beside the button (the focus on Yes); only Yes acts, with
// the button that was pressed.
export function askFirst(question: string, yes: string, act: (b: HTMLButtonElement) => void): (e: Event) => void {
  return (e: Event) => {
    const b = e.currentTarget as HTMLButtonElement;
    if (b.nextElementSibling?.classList.contains('confirm')) return;
    const done = () => { box.remove(); b.hidden = false; };
    const ok = button(yes, () => { done(); act(b); }, 'small', { 'data-confirm-yes': b.id || '' });
    const box = h('div', { class: 'confirm', role: 'group', 'aria-label': question }, h('p', {}, question), ok,
      button('Cancel', () => { done(); b.focus(); }, 'secondary small'));
    b.hidden = true;
    b.after(box);
    ok.focus();
  };
}

// busy disables a button while fn runs and shows what it does.
export async function busy<T>(b: HTMLButtonElement, doing: string, fn: () => Promise<T>): Promise<T> {
  const label = b.textContent;
  b.disabled = true;
  b.textContent = doing;
  b.setAttribute('aria-busy', 'true');
  try {
    return await fn();
  } finally {
    b.disabled = false;
    b.textContent = label;
    b.removeAttribute('aria-busy');
  }
}
