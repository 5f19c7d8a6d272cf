// Tiny DOM helpers: build elements without innerHTML (so no markup injection from data).

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
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
  for (const c of children) {
    if (c === null || c === undefined || c === false || c === '') continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
  return el as HTMLElement;
}

const SVG_TAGS = new Set(['svg', 'g', 'rect', 'line', 'text', 'title', 'desc', 'path']);

export function clear(el: Element) { el.replaceChildren(); }

export function when(iso?: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// money formats integer cents as US dollars.
export function money(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

// announce tells screen readers about a change outside the focused element.
export function announce(text: string) {
  let live = document.getElementById('announcer');
  if (!live) {
    live = h('div', { id: 'announcer', class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    document.body.append(live);
  }
  live.textContent = text;
}
