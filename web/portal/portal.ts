// The embedded tax portal: a small app on the public GraphQL API (and the partner REST API for the
// branding, wallets and syncs), signed in with the end user's portal access token. The token arrives
// in the portalUrl (?code&token&email), is kept in sessionStorage for this tab only, and leaves the
// address bar once the page has loaded. No framework: a few DOM helpers, hash routes, polling for
// long-running work, SVG charts.

import { App, Branding, Client } from './app';
import { ApiError, errorText, gql, linkSession, rest, RestSchemas, Session, whenExpired } from './api';
import { h, clear, setCurrency, loading } from './dom';
import * as Q from './gql';
import { Recalc } from './recalc';
import { downloadPage, DownloadState } from './views/download';
import { overview } from './views/overview';
import { transactions } from './views/transactions';
import { transaction } from './views/transaction';
import { review } from './views/review';
import { portfolio } from './views/portfolio';
import { tax } from './views/tax';

const STORE_KEY = 'taxd.portal.session';

// What the server put in the page: the partner's branding (known from the address before any
// sign-in) and, on an e-mailed report link, whether the link works.
interface PageData { brand?: Branding; download?: DownloadState }
const page: PageData = (() => {
  try {
    return JSON.parse(document.getElementById('taxd-page')?.textContent || '{}');
  } catch {
    return {};
  }
})();

const main = document.getElementById('main')!;
const top = document.getElementById('top')!;
let stopped = false; // set once the session expires

// ---- session -------------------------------------------------------------------------------

function tokenClaims(token: string): { exp?: number; pid?: string; sub?: string } {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part));
  } catch {
    return {};
  }
}

function saveSession(s: Session) { sessionStorage.setItem(STORE_KEY, JSON.stringify(s)); }
function loadSession(): Session | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORE_KEY) || 'null');
    return s && s.code && s.token ? s : null;
  } catch {
    return null;
  }
}

// The address keeps only the partner id (it chooses which sites may frame the portal on reload)
// and the page's route. It is rewritten once the page has loaded (rewriting it while the page
// loads confuses browser automation that waits for the load event).
function cleanAddress(s: Session | null) {
  const q = s?.partnerId ? `?partner=${encodeURIComponent(s.partnerId)}` : '';
  const clean = () => history.replaceState(null, '', location.pathname + q + location.hash);
  if (document.readyState === 'complete') clean();
  else window.addEventListener('load', clean, { once: true });
}

// ---- branding and states -------------------------------------------------------------------

function brand(b: Branding) {
  document.body.dataset.partner = b.name;
  document.title = `${b.name} · Crypto tax portal`;
  if (b.primaryColor && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(b.primaryColor)) {
    const [bg, fg] = accessible(b.primaryColor);
    const root = document.documentElement.style;
    root.setProperty('--brand', bg);
    root.setProperty('--on-brand', fg);
  }
  clear(top);
  top.append(h('div', { class: 'brand' },
    b.logoUrl && /^https:\/\//.test(b.logoUrl) ? h('img', { src: b.logoUrl, alt: `${b.name} logo`, class: 'logo' }) : '',
    h('span', { class: 'partner-name' }, b.name),
    h('span', { class: 'product' }, 'Crypto tax portal')));
  let foot = document.getElementById('foot');
  if (!foot) {
    foot = h('footer', { id: 'foot', class: 'foot' });
    document.body.append(foot);
  }
  foot.replaceChildren(h('p', {}, `The tax portal of ${b.name}.`,
    b.supportEmail ? [' Questions? Write to ', h('a', { href: `mailto:${b.supportEmail}` }, b.supportEmail), '.'] : ''));
}

// accessible returns the partner's colour and the text colour to write on it (black or white,
// whichever contrasts more), the colour darkened as little as needed for that contrast to reach
// WCAG AA (4.5:1): a mid-tone brand colour keeps its hue and stays readable.
function accessible(hex: string): [string, string] {
  let c = hex.slice(1);
  if (c.length === 3) c = c.split('').map((x) => x + x).join('');
  let rgb = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  const lum = (v: number[]) => v.map((x) => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  }).reduce((n, x, i) => n + x * [0.2126, 0.7152, 0.0722][i], 0);
  const L = lum(rgb);
  if ((L + 0.05) / 0.05 >= 4.5 && (L + 0.05) / 0.05 > 1.05 / (L + 0.05)) return [hex, '#000000'];
  for (let i = 0; i < 40 && 1.05 / (lum(rgb) + 0.05) < 4.5; i++) rgb = rgb.map((x) => Math.floor(x * 0.94));
  return [`#${rgb.map((x) => x.toString(16).padStart(2, '0')).join('')}`, '#ffffff'];
}

function state(id: string, title: string, ...body: (Node | string)[]) {
  clear(main);
  document.getElementById('app-nav')?.remove();
  main.append(h('section', { class: 'panel state', id, 'aria-labelledby': `${id}-h` }, h('h1', { id: `${id}-h` }, title), ...body));
}

function showExpired() {
  if (stopped) return;
  stopped = true;
  sessionStorage.removeItem(STORE_KEY);
  const partner = document.body.dataset.partner || 'your provider';
  const note = h('p', { hidden: true, role: 'status' }, `Return to ${partner} and open the tax portal from there: it signs you in with a new link.`);
  const again = h('button', {
    type: 'button', id: 'sign-in-again',
    onclick: () => {
      // A partner that frames the portal can listen for this and load a fresh portalUrl.
      if (window.parent !== window) window.parent.postMessage({ type: 'taxd:portal:session-expired' }, '*');
      note.hidden = false;
    },
  }, 'Sign in again');
  state('state-expired', 'Your session has expired',
    h('p', {}, `For your security the tax portal signs you out after a while. Sign in again from ${partner}.`), again, note);
  main.focus();
}

function showSignedOut() {
  state('state-signed-out', 'Sign in to your tax portal',
    h('p', {}, 'Open the tax portal from your provider’s website or app: it signs you in automatically.'));
}

// ---- the app -------------------------------------------------------------------------------

const ROUTES: [string, string][] = [['', 'Overview'], ['transactions', 'Transactions'], ['review', 'Review'], ['portfolio', 'Portfolio'], ['tax', 'Taxes']];

async function start(s: Session) {
  clear(main);
  main.append(loading('your tax portal'));
  let user: RestSchemas['EmbeddedUser'];
  let client: Client;
  try {
    [user, client] = await Promise.all([
      rest<RestSchemas['EmbeddedUser']>(s, 'GET', '/user'),
      gql(s, Q.CLIENT).then((r) => r.getMyActiveClient),
    ]);
  } catch (err) {
    if (stopped) return;
    if (err instanceof ApiError && err.status === 404) {
      return state('state-not-found', 'We could not find your account',
        h('p', {}, 'This sign-in link does not belong to an account here. Open the tax portal again from your provider.'));
    }
    clear(main);
    main.append(h('section', { class: 'panel state', id: 'state-error' }, h('h1', {}, 'The tax portal could not open'),
      h('p', {}, errorText(err)), h('button', { type: 'button', onclick: () => start(s) }, 'Try again')));
    return;
  }
  brand(user.partner);
  setCurrency(client.currency);
  s.email = s.email || user.email || undefined;
  const app = new App(s, client, user.partner);
  app.labels().then((l) => { app.labelCache = l; }).catch(() => {});
  app.accounts().then((a) => { app.accountCache = a; }).catch(() => {});
  app.onChange(() => { app.accounts().then((a) => { app.accountCache = a; }).catch(() => {}); });
  const recalc = new Recalc(app);
  layout(app, recalc);
  recalc.refresh();
  // A partner that frames the portal learns that it signed in (nothing else is sent).
  if (window.parent !== window) window.parent.postMessage({ type: 'taxd:portal:ready' }, '*');
}

let current: (() => void) | void;
let firstRoute = true;

function layout(app: App, recalc: Recalc) {
  const links = ROUTES.map(([path, label]) => h('li', {}, h('a', { href: `#/${path}`, 'data-route': path, id: `nav-${path || 'overview'}` },
    label, path === 'review' ? h('span', { class: 'count', id: 'review-count', hidden: true }) : '')));
  const nav = h('nav', { class: 'tabs', id: 'app-nav', 'aria-label': 'Tax portal' }, h('ul', {}, ...links));
  document.getElementById('app-nav')?.remove();
  top.after(nav);
  const bar = h('div', { class: 'bar' }, recalc.el);
  const view = h('div', { id: 'view' });
  clear(main);
  main.append(bar, view);
  const ctx = { app, recalc, reviewCount: (n: number) => setReviewCount(n) };
  const route = () => {
    if (stopped) return;
    if (typeof current === 'function') current();
    const [p, query] = location.hash.replace(/^#\/?/, '').split('?');
    const path = p.split('/').filter(Boolean).map(decodeURIComponent);
    const params = new URLSearchParams(query || '');
    const name = path[0] || '';
    for (const a of nav.querySelectorAll('a')) {
      if (a.dataset.route === name) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    clear(view);
    window.scrollTo(0, 0);
    switch (name) {
      case 'transactions':
        current = path[1] ? transaction(ctx, view, path[1]) : transactions(ctx, view, params);
        break;
      case 'review': current = review(ctx, view, params); break;
      case 'portfolio': current = portfolio(ctx, view); break;
      case 'tax': current = tax(ctx, view, params); break;
      default: current = overview(ctx, view);
    }
    if (!firstRoute) {
      // Move the focus to the new page's heading, as a page load would.
      const h1 = view.querySelector('h1');
      if (h1) { h1.setAttribute('tabindex', '-1'); h1.focus(); }
    }
    firstRoute = false;
  };
  window.addEventListener('hashchange', route);
  route();
  refreshReviewCount(app);
  app.onChange(() => refreshReviewCount(app));
}

async function refreshReviewCount(app: App) {
  try {
    const r = await app.q(Q.REVIEW_QUEUE, { limit: 1 });
    setReviewCount(r.getClientReviewQueue.totalCount);
  } catch { /* the review page shows the error */ }
}

function setReviewCount(n: number) {
  const el = document.getElementById('review-count');
  if (!el) return;
  el.hidden = n === 0;
  el.textContent = String(n);
  el.setAttribute('aria-label', `${n} to review`);
}

// ---- boot ----------------------------------------------------------------------------------

async function boot() {
  if (page.brand) brand(page.brand);
  const q = new URLSearchParams(location.search);
  if (q.get('report') && q.get('signature')) return downloadPage(main, q, page.download);
  whenExpired(showExpired);
  let s: Session | null = null;
  if (q.get('token') && q.get('code')) {
    s = { code: q.get('code')!, token: q.get('token')!, email: q.get('email') || undefined, clientId: '' };
  } else if (q.get('link')) {
    cleanAddress(null);
    try {
      const b = await linkSession(q.get('link')!);
      s = { code: b.referenceId, token: b.accessToken, partnerId: b.partnerId, clientId: '' };
    } catch (err) {
      return state('state-link-invalid', 'This link does not work', h('p', {}, errorText(err)));
    }
  } else {
    s = loadSession();
  }
  if (!s) {
    cleanAddress(null);
    return showSignedOut();
  }
  const claims = tokenClaims(s.token);
  s.partnerId = s.partnerId || claims.pid;
  s.clientId = claims.sub || '';
  saveSession(s);
  cleanAddress(s);
  if (claims.exp && claims.exp * 1000 <= Date.now()) return showExpired();
  // The token's own expiry ends the session even when the page sits idle.
  if (claims.exp) setTimeout(showExpired, Math.min(claims.exp * 1000 - Date.now(), 2 ** 31 - 1));
  return start(s);
}

boot();
