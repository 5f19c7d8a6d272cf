// The embedded tax portal: a small app on the public REST API, signed in with the end user's
// portal access token. The token arrives in the portalUrl (?code&token&email), is kept in
// sessionStorage for this tab only, and is removed from the address bar at once.
// No framework: a few DOM helpers, polling for long-running work, an SVG chart.

import { h, clear, when, announce } from './dom';
import { drawGainsChart, YearFigures } from './chart';

const API = document.querySelector<HTMLMetaElement>('meta[name="taxd-api"]')?.content || '/api';
const STORE_KEY = 'taxd.portal.session';
const POLL_MS = 1000;
const MAX_ACCOUNTS = 10;
const FIRST_TAX_YEAR = 2020;

const CHAINS: [string, string][] = [
  ['ethereum', 'Ethereum'], ['bitcoin', 'Bitcoin'], ['solana', 'Solana'], ['base', 'Base'],
  ['arbitrum', 'Arbitrum'], ['optimism', 'Optimism'], ['polygon', 'Polygon'], ['bsc', 'BNB Smart Chain'],
];
const REPORT_TYPES: [string, string][] = [
  ['tax-forms', 'Tax forms (Form 8949 PDF, Schedule D, CSVs) – ZIP'],
  ['form-8949-csv', 'Form 8949 – CSV'],
  ['schedule-d-csv', 'Schedule D – CSV'],
  ['capital-gains-csv', 'Capital gains – CSV'],
  ['income-csv', 'Income – CSV'],
  ['transaction-history-csv', 'Transaction history – CSV'],
  ['turbotax-csv', 'TurboTax import – CSV'],
];

interface Session { code: string; token: string; email?: string; partnerId?: string }
interface Branding { name: string; logoUrl?: string | null; primaryColor?: string | null; supportEmail?: string | null }
interface User { referenceId: string; email?: string | null; partner: Branding }
interface Account { id: string; address: string; chain: string; name: string; status: string; statusMessage?: string | null; lastSyncedAt?: string | null }
interface SyncAccount { accountId: string; status: string; progress: number; message?: string | null }
interface Sync { id: string; status: string; progress: number; accounts: SyncAccount[]; error?: string | null; finishedAt?: string | null }
interface Preview extends YearFigures {
  currency: string; shortTermGainsFormatted: string; longTermGainsFormatted: string; capitalGainsFormatted: string;
  incomeFormatted: string; futuresFormatted: string; transactionCount: number; isStale: boolean; calculatedAt?: string | null;
}
interface Job { id: string; status: string; progress: number }
interface Report { id: string; year: number; reportType: string; status: string; filename?: string | null; createdAt: string; error?: string | null }

class Expired extends Error {}
class ApiError extends Error {
  constructor(public status: number, message: string) { super(message); }
}

// ---- session -------------------------------------------------------------------------------

function tokenClaims(token: string): { exp?: number; pid?: string } {
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

// The address keeps only the partner id (it chooses which sites may frame the portal on reload).
// It is rewritten once the page has loaded (rewriting it while the page loads confuses browser
// automation that waits for the load event).
function cleanAddress(s: Session | null) {
  const q = s?.partnerId ? `?partner=${encodeURIComponent(s.partnerId)}` : '';
  const clean = () => history.replaceState(null, '', location.pathname + q);
  if (document.readyState === 'complete') clean();
  else window.addEventListener('load', clean, { once: true });
}

// ---- API -----------------------------------------------------------------------------------

async function call<T>(s: Session, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}/users/${encodeURIComponent(s.code)}${path}`, {
    method,
    headers: { Authorization: `Bearer ${s.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) throw new Expired('session expired');
  if (!res.ok) throw new ApiError(res.status, await errorMessage(res));
  return (await res.json()).data as T;
}

async function errorMessage(res: Response): Promise<string> {
  try {
    const b = await res.json();
    if (b && typeof b.message === 'string') return b.message;
  } catch { /* not JSON */ }
  return `the server answered ${res.status}`;
}

function filenameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('Content-Disposition') || '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return m ? decodeURIComponent(m[1]) : fallback;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true }) as HTMLAnchorElement;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ---- app -----------------------------------------------------------------------------------

const main = document.getElementById('main')!;
const top = document.getElementById('top')!;
let stopped = false; // set once the session expires: every poll loop ends

function fail(err: unknown, where: HTMLElement, retry?: () => void) {
  if (err instanceof Expired) return showExpired();
  const msg = err instanceof ApiError ? err.message : 'The portal could not reach the server. Check your connection.';
  clear(where);
  where.append(h('div', { class: 'notice error', role: 'alert' },
    h('p', {}, h('strong', {}, 'Something went wrong: '), msg),
    retry ? h('button', { type: 'button', class: 'secondary', onclick: retry }, 'Try again') : ''));
}

function showExpired() {
  if (stopped) return;
  stopped = true;
  sessionStorage.removeItem(STORE_KEY);
  clear(main);
  const partner = document.body.dataset.partner || 'your provider';
  const again = h('button', {
    type: 'button', id: 'sign-in-again',
    onclick: () => {
      // A partner that frames the portal can listen for this and load a fresh portalUrl.
      if (window.parent !== window) window.parent.postMessage({ type: 'taxd:portal:session-expired' }, '*');
      note.hidden = false;
    },
  }, 'Sign in again');
  const note = h('p', { hidden: true, role: 'status' }, `Return to ${partner} and open the tax portal from there: it signs you in with a new link.`);
  main.append(h('section', { class: 'panel state', id: 'state-expired', 'aria-labelledby': 'expired-h' },
    h('h1', { id: 'expired-h' }, 'Your session has expired'),
    h('p', {}, `For your security the tax portal signs you out after a while. Sign in again from ${partner}.`),
    again, note));
  main.focus();
}

function showSignedOut() {
  clear(main);
  main.append(h('section', { class: 'panel state', id: 'state-signed-out', 'aria-labelledby': 'out-h' },
    h('h1', { id: 'out-h' }, 'Sign in to your tax portal'),
    h('p', {}, 'Open the tax portal from your provider’s website or app: it signs you in automatically.')));
}

function brand(b: Branding) {
  document.body.dataset.partner = b.name;
  document.title = `${b.name} · Crypto tax portal`;
  if (b.primaryColor && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(b.primaryColor)) {
    const root = document.documentElement.style;
    root.setProperty('--brand', b.primaryColor);
    root.setProperty('--on-brand', readableOn(b.primaryColor));
  }
  clear(top);
  top.append(h('div', { class: 'brand' },
    b.logoUrl && /^https:\/\//.test(b.logoUrl) ? h('img', { src: b.logoUrl, alt: `${b.name} logo`, class: 'logo' }) : '',
    h('span', { class: 'partner-name' }, b.name),
    h('span', { class: 'product' }, 'Crypto tax portal')));
}

// readableOn picks black or white text for a background, whichever has the higher WCAG contrast.
function readableOn(hex: string): string {
  let c = hex.slice(1);
  if (c.length === 3) c = c.split('').map((x) => x + x).join('');
  const lin = (i: number) => {
    const v = parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  };
  const L = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? '#000000' : '#ffffff';
}

async function portal(s: Session) {
  let user: User;
  try {
    user = await call<User>(s, 'GET', '/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      clear(main);
      main.append(h('section', { class: 'panel state', id: 'state-not-found', role: 'alert' },
        h('h1', {}, 'We could not find your account'),
        h('p', {}, 'This sign-in link does not belong to an account here. Open the tax portal again from your provider.')));
      return;
    }
    return fail(err, main, () => portal(s));
  }
  brand(user.partner);
  clear(main);
  const who = user.email || s.email || user.referenceId;
  main.append(
    h('h1', { class: 'welcome' }, 'Your crypto taxes'),
    h('p', { class: 'muted', id: 'signed-in-as' }, `Signed in as ${who}`),
  );
  const wallets = section('wallets', 'Wallets');
  const taxes = section('taxes', 'Tax summary');
  const reports = section('reports', 'Reports');
  const txs = section('transactions', 'Transactions');
  main.append(wallets.el, taxes.el, reports.el, txs.el);

  const tax = new TaxView(s, taxes.body, txs.body);
  new WalletsView(s, wallets.body, () => tax.onLedgerChanged()).load();
  tax.load();
  new ReportsView(s, reports.body, s.email || user.email || '').load();
  // A partner that frames the portal learns that it signed in (nothing else is sent).
  if (window.parent !== window) window.parent.postMessage({ type: 'taxd:portal:ready' }, '*');
}

function section(id: string, title: string) {
  const body = h('div', { class: 'section-body' });
  const el = h('section', { class: 'panel', id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), body);
  return { el, body };
}

// ---- wallets and syncs ---------------------------------------------------------------------

class WalletsView {
  private accounts: Account[] = [];
  private syncing = false;
  private list = h('div', { id: 'wallet-list' });
  private count = h('p', { id: 'wallet-count', class: 'muted' });
  private msg = h('div', { id: 'wallet-message', role: 'status', 'aria-live': 'polite' });
  private progress = h('div', { id: 'sync-progress', 'aria-live': 'polite' });
  private syncButton = h('button', { type: 'button', id: 'sync-wallets', onclick: () => this.startSync() }, 'Sync wallets') as HTMLButtonElement;
  private form: HTMLFormElement;

  constructor(private s: Session, root: HTMLElement, private onSynced: () => void) {
    const address = h('input', { id: 'wallet-address', name: 'address', required: true, autocomplete: 'off', spellcheck: false, placeholder: '0x… , bc1… or a Solana address' });
    const chain = h('select', { id: 'wallet-chain', name: 'chain', required: true }, ...CHAINS.map(([v, l]) => h('option', { value: v }, l)));
    const name = h('input', { id: 'wallet-name', name: 'name', maxlength: 100, autocomplete: 'off', placeholder: 'e.g. Cold storage' });
    this.form = h('form', { id: 'add-wallet', class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); this.add(); } },
      h('div', { class: 'field grow' }, h('label', { for: 'wallet-address' }, 'Wallet address'), address),
      h('div', { class: 'field' }, h('label', { for: 'wallet-chain' }, 'Chain'), chain),
      h('div', { class: 'field' }, h('label', { for: 'wallet-name' }, 'Name (optional)'), name),
      h('button', { type: 'submit', id: 'add-wallet-button' }, 'Add wallet')) as HTMLFormElement;
    root.append(this.count, this.list, h('h3', {}, 'Add a wallet'), this.form, this.msg,
      h('div', { class: 'actions' }, this.syncButton), this.progress);
  }

  async load() {
    try {
      this.accounts = (await call<{ accounts: Account[] }>(this.s, 'GET', '/accounts')).accounts;
      this.render();
      const syncs = await call<{ syncs: Sync[] }>(this.s, 'GET', '/account_syncs');
      const active = syncs.syncs.find((x) => x.status === 'queued' || x.status === 'running');
      if (active) this.follow(active);
    } catch (err) {
      fail(err, this.list, () => this.load());
    }
  }

  private render() {
    clear(this.list);
    const n = this.accounts.length;
    this.count.textContent = `${n} of ${MAX_ACCOUNTS} wallets`;
    const full = n >= MAX_ACCOUNTS;
    this.form.querySelectorAll('input,select,button').forEach((el) => ((el as HTMLInputElement).disabled = full));
    if (full) this.msg.replaceChildren(h('p', { class: 'notice' }, `You have reached the limit of ${MAX_ACCOUNTS} wallets.`));
    this.syncButton.disabled = n === 0 || this.syncing;
    if (n === 0) {
      this.list.append(h('p', { class: 'empty', id: 'wallets-empty' }, 'No wallets yet. Add the address of a wallet you own below, then sync it to import its transactions.'));
      return;
    }
    this.list.append(h('table', { class: 'table' },
      h('caption', { class: 'sr-only' }, 'Your wallets'),
      h('thead', {}, h('tr', {}, ...['Name', 'Chain', 'Address', 'Status', 'Last synced'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...this.accounts.map((a) => h('tr', { 'data-account': a.id },
        h('td', {}, a.name || '—'),
        h('td', {}, chainName(a.chain)),
        h('td', { class: 'mono' }, a.address),
        h('td', {}, h('span', { class: `badge ${a.status}` }, a.status), a.statusMessage ? h('div', { class: 'muted small' }, a.statusMessage) : ''),
        h('td', {}, when(a.lastSyncedAt)))))));
  }

  private async add() {
    const fd = new FormData(this.form);
    const wallet: Record<string, string> = { address: String(fd.get('address')).trim(), chain: String(fd.get('chain')) };
    const name = String(fd.get('name') || '').trim();
    if (name) wallet.name = name;
    this.msg.replaceChildren(h('p', {}, 'Adding…'));
    try {
      const res = await call<{ accounts: Account[]; skipped: { address: string; chain: string; reason: string }[] }>(this.s, 'POST', '/accounts', { wallets: [wallet] });
      this.accounts.push(...res.accounts);
      this.form.reset();
      const notes = res.skipped.map((k) => `${k.address} was not added: ${k.reason === 'already_exists' ? 'you already have it' : k.reason.replace(/_/g, ' ')}.`);
      this.msg.replaceChildren(...(res.accounts.length ? [h('p', { class: 'notice ok' }, 'Wallet added. Sync it to import its transactions.')] : []),
        ...notes.map((t) => h('p', { class: 'notice' }, t)));
      this.render();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        this.msg.replaceChildren(h('p', { class: 'notice error', role: 'alert', id: 'wallet-error' }, humanize(err.message)));
        (document.getElementById('wallet-address') as HTMLInputElement).focus();
        return;
      }
      fail(err, this.msg);
    }
  }

  private async startSync() {
    this.syncButton.disabled = true;
    try {
      this.follow(await call<Sync>(this.s, 'POST', '/account_syncs', {}));
    } catch (err) {
      this.syncButton.disabled = false;
      fail(err, this.progress);
    }
  }

  private async follow(sync: Sync) {
    this.syncing = true;
    this.syncButton.disabled = true;
    for (;;) {
      this.showSync(sync);
      if (sync.status === 'completed' || sync.status === 'failed' || stopped) break;
      await sleep(POLL_MS);
      try {
        sync = await call<Sync>(this.s, 'GET', `/account_syncs/${sync.id}`);
      } catch (err) {
        if (err instanceof Expired) return showExpired();
        this.progress.replaceChildren(h('p', { class: 'notice' }, 'Lost contact with the server; retrying…'));
        await sleep(POLL_MS * 3);
      }
    }
    this.syncing = false;
    this.syncButton.disabled = false;
    try {
      this.accounts = (await call<{ accounts: Account[] }>(this.s, 'GET', '/accounts')).accounts;
      this.render();
    } catch (err) {
      fail(err, this.list);
    }
    this.onSynced();
  }

  private showSync(sync: Sync) {
    // The wallet table follows the sync's per-account status.
    for (const a of sync.accounts) {
      const acc = this.accounts.find((x) => x.id === a.accountId);
      if (acc) { acc.status = a.status; acc.statusMessage = a.message; }
    }
    this.render();
    const label = sync.status === 'completed' ? 'Sync complete' : sync.status === 'failed' ? 'Sync failed'
      : sync.status === 'queued' ? 'Sync queued' : 'Syncing';
    const retrying = sync.accounts.filter((a) => a.message && /^retrying/i.test(a.message));
    this.progress.replaceChildren(h('div', { class: `sync ${sync.status}`, id: 'sync-status', 'data-status': sync.status },
      h('p', {}, h('strong', {}, `${label}: ${sync.progress}%`)),
      h('progress', { max: 100, value: sync.progress, 'aria-label': 'Sync progress' }),
      retrying.length ? h('p', { class: 'notice', id: 'sync-retrying' }, 'A wallet’s blockchain source did not answer; the sync is retrying automatically.') : '',
      sync.error ? h('p', { class: 'notice error' }, sync.error) : '',
      h('ul', { class: 'sync-accounts' }, ...sync.accounts.map((a) => {
        const acc = this.accounts.find((x) => x.id === a.accountId);
        return h('li', {}, `${acc ? acc.name || shortAddress(acc.address) : shortAddress(a.accountId)}: ${a.status} (${a.progress}%)`,
          a.message ? h('span', { class: 'muted' }, ` – ${a.message}`) : '');
      }))));
  }
}

// ---- taxes, recalculation, chart, transactions ----------------------------------------------

class TaxView {
  private year = new Date().getUTCFullYear();
  private yearSelect: HTMLSelectElement;
  private figures = h('div', { id: 'tax-figures', 'aria-live': 'polite' });
  private job = h('div', { id: 'recalc-status', 'aria-live': 'polite' });
  private chart = h('figure', { id: 'gains-chart', class: 'chart' });
  private recalcButton = h('button', { type: 'button', id: 'recalculate', onclick: () => this.recalculate() }, 'Recalculate') as HTMLButtonElement;
  private running = false;

  constructor(private s: Session, root: HTMLElement, private txRoot: HTMLElement) {
    const years: number[] = [];
    for (let y = new Date().getUTCFullYear(); y >= FIRST_TAX_YEAR; y--) years.push(y);
    this.yearSelect = h('select', { id: 'tax-year', onchange: () => { this.year = Number(this.yearSelect.value); this.loadPreview(); } },
      ...years.map((y) => h('option', { value: y }, String(y)))) as HTMLSelectElement;
    root.append(
      h('div', { class: 'toolbar' }, h('div', { class: 'field' }, h('label', { for: 'tax-year' }, 'Tax year'), this.yearSelect), this.recalcButton),
      this.job, this.figures, h('h3', {}, 'Gains by year'), this.chart);
  }

  async load() {
    try {
      const p = await call<Preview>(this.s, 'GET', '/preview');
      this.year = p.year;
      this.yearSelect.value = String(p.year);
      this.showPreview(p);
      const active = await call<Job | null>(this.s, 'GET', '/active-recalculate-job');
      if (active) this.follow(active);
      this.loadChart();
    } catch (err) {
      fail(err, this.figures, () => this.load());
    }
  }

  onLedgerChanged() { this.loadPreview(); }

  private async loadPreview() {
    try {
      this.showPreview(await call<Preview>(this.s, 'GET', `/preview?year=${this.year}`));
    } catch (err) {
      fail(err, this.figures, () => this.loadPreview());
    }
  }

  private showPreview(p: Preview) {
    const rows: [string, string, string][] = [
      ['Short-term gains', p.shortTermGainsFormatted, 'short-term'],
      ['Long-term gains', p.longTermGainsFormatted, 'long-term'],
      ['Total capital gains', p.capitalGainsFormatted, 'capital-gains'],
      ['Income', p.incomeFormatted, 'income'],
      ['Futures', p.futuresFormatted, 'futures'],
      ['Transactions', String(p.transactionCount), 'transactions'],
    ];
    this.figures.replaceChildren(
      p.isStale ? h('p', { class: 'notice', id: 'preview-stale' }, 'Your wallets changed since these figures were calculated. Recalculate to bring them up to date.') : '',
      p.transactionCount === 0 && !p.calculatedAt ? h('p', { class: 'empty', id: 'preview-empty' }, `No tax results for ${p.year} yet. Add and sync your wallets, then recalculate.`) : '',
      h('dl', { class: 'figures', 'data-year': p.year },
        ...rows.map(([label, value, key]) => h('div', { class: 'figure', 'data-figure': key }, h('dt', {}, label), h('dd', {}, value)))),
      h('p', { class: 'muted small' }, p.calculatedAt ? `Calculated ${when(p.calculatedAt)}` : 'Not calculated yet'));
    this.showTransactions(p);
  }

  private showTransactions(p: Preview) {
    // The transaction list with filters and labels arrives with end-user GraphQL access; this is
    // its place. Until then the portal shows what the REST API offers.
    this.txRoot.replaceChildren(h('div', { id: 'transactions-slot', 'data-pending': 'graphql' },
      h('p', {}, h('strong', { id: 'transaction-count' }, String(p.transactionCount)), ` transactions in ${p.year}.`),
      h('p', { class: 'muted' }, 'A searchable list of your transactions, with filters and labels, is coming soon. Meanwhile, the transaction history report under Reports lists every transaction of a year.')));
  }

  private async recalculate() {
    if (this.running) return;
    try {
      this.follow(await call<Job>(this.s, 'POST', '/refresh'));
    } catch (err) {
      fail(err, this.job);
    }
  }

  private async follow(job: Job) {
    this.running = true;
    this.recalcButton.disabled = true;
    let active: Job | null = job;
    while (active && !stopped) {
      this.job.replaceChildren(h('div', { class: 'notice', id: 'recalc-running', 'data-status': active.status },
        h('p', {}, `Recalculating your taxes (${active.status}, ${active.progress}%)…`),
        h('progress', { max: 100, value: active.progress, 'aria-label': 'Recalculation progress' })));
      await sleep(POLL_MS);
      try {
        active = await call<Job | null>(this.s, 'GET', '/active-recalculate-job');
      } catch (err) {
        if (err instanceof Expired) return showExpired();
        await sleep(POLL_MS * 3);
      }
    }
    this.running = false;
    this.recalcButton.disabled = false;
    this.job.replaceChildren(h('p', { class: 'notice ok', id: 'recalc-settled', role: 'status' }, 'Your taxes are up to date.'));
    announce('Recalculation finished');
    await this.loadPreview();
    this.loadChart();
  }

  private async loadChart() {
    const years: number[] = [];
    for (let y = FIRST_TAX_YEAR; y <= new Date().getUTCFullYear(); y++) years.push(y);
    try {
      const all = await Promise.all(years.map((y) => call<Preview>(this.s, 'GET', `/preview?year=${y}`)));
      const chart = drawGainsChart(all);
      this.chart.replaceChildren(chart, chart.tagName === 'svg' ? h('figcaption', {}, 'Capital gains and income by tax year (US dollars)') : '');
    } catch (err) {
      fail(err, this.chart, () => this.loadChart());
    }
  }
}

// ---- reports -------------------------------------------------------------------------------

class ReportsView {
  private list = h('div', { id: 'report-list', 'aria-live': 'polite' });
  private msg = h('div', { id: 'report-message', role: 'status' });
  private form: HTMLFormElement;
  private polling = false;

  constructor(private s: Session, root: HTMLElement, email: string) {
    const years: number[] = [];
    for (let y = new Date().getUTCFullYear(); y >= FIRST_TAX_YEAR; y--) years.push(y);
    this.form = h('form', { id: 'request-report', class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); this.request(); } },
      h('div', { class: 'field' }, h('label', { for: 'report-year' }, 'Tax year'),
        h('select', { id: 'report-year', name: 'year' }, ...years.map((y) => h('option', { value: y }, String(y))))),
      h('div', { class: 'field grow' }, h('label', { for: 'report-type' }, 'Report'),
        h('select', { id: 'report-type', name: 'reportType' }, ...REPORT_TYPES.map(([v, l]) => h('option', { value: v }, l)))),
      h('div', { class: 'field' }, h('label', { for: 'report-email' }, 'E-mail me a link (optional)'),
        h('input', { id: 'report-email', name: 'email', type: 'email', autocomplete: 'email', value: email })),
      h('button', { type: 'submit', id: 'request-report-button' }, 'Request report')) as HTMLFormElement;
    root.append(this.form, this.msg, this.list);
  }

  async load() {
    try {
      const reports = (await call<{ reports: Report[] }>(this.s, 'GET', '/reports')).reports;
      this.render(reports);
      if (reports.some(pending)) this.poll();
    } catch (err) {
      fail(err, this.list, () => this.load());
    }
  }

  private render(reports: Report[]) {
    clear(this.list);
    if (reports.length === 0) {
      this.list.append(h('p', { class: 'empty', id: 'reports-empty' }, 'No reports yet. Choose a year and a report above.'));
      return;
    }
    this.list.append(h('table', { class: 'table' },
      h('caption', { class: 'sr-only' }, 'Your reports'),
      h('thead', {}, h('tr', {}, ...['Year', 'Report', 'Status', 'Requested', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...reports.map((r) => h('tr', { 'data-report': r.id, 'data-status': r.status },
        h('td', {}, String(r.year)),
        h('td', {}, reportName(r.reportType)),
        h('td', {}, h('span', { class: `badge ${r.status}` }, r.status), r.error ? h('div', { class: 'muted small' }, r.error) : ''),
        h('td', {}, when(r.createdAt)),
        h('td', {}, r.status === 'available'
          ? h('button', { type: 'button', class: 'secondary download', 'aria-label': `Download ${r.year} ${reportName(r.reportType)}`, onclick: () => this.download(r) }, 'Download')
          : ''))))));
  }

  private async request() {
    const fd = new FormData(this.form);
    this.msg.replaceChildren(h('p', {}, 'Requesting…'));
    try {
      const email = String(fd.get('email') || '').trim();
      await call<Report>(this.s, 'POST', '/reports', { year: Number(fd.get('year')), reportType: String(fd.get('reportType')), ...(email ? { email } : {}) });
      this.msg.replaceChildren(h('p', { class: 'notice ok' }, 'Report requested. It appears below when it is ready.'));
      await this.load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        this.msg.replaceChildren(h('p', { class: 'notice error', role: 'alert' }, humanize(err.message)));
        return;
      }
      fail(err, this.msg);
    }
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      for (;;) {
        await sleep(POLL_MS);
        if (stopped) return;
        const reports = (await call<{ reports: Report[] }>(this.s, 'GET', '/reports')).reports;
        this.render(reports);
        if (!reports.some(pending)) return;
      }
    } catch (err) {
      fail(err, this.list, () => this.load());
    } finally {
      this.polling = false;
    }
  }

  private async download(r: Report) {
    try {
      const res = await fetch(`${API}/users/${encodeURIComponent(this.s.code)}/reports/${r.id}/download`, { headers: { Authorization: `Bearer ${this.s.token}` } });
      if (res.status === 401) throw new Expired('expired');
      if (!res.ok) throw new ApiError(res.status, await errorMessage(res));
      saveBlob(await res.blob(), filenameOf(res, r.filename || 'report'));
      this.msg.replaceChildren(h('p', { class: 'notice ok', id: 'download-started' }, `Downloading ${r.filename || 'the report'}.`));
    } catch (err) {
      fail(err, this.msg);
    }
  }
}

const pending = (r: Report) => r.status === 'queued' || r.status === 'generating';

// ---- e-mailed report links -----------------------------------------------------------------

function downloadPage(q: URLSearchParams) {
  const code = q.get('code') || '';
  const report = q.get('report') || '';
  const expires = Number(q.get('expires'));
  const signature = q.get('signature') || '';
  cleanAddress(null);
  const msg = h('div', { id: 'download-message', role: 'status' });
  const button = h('button', {
    type: 'button', id: 'download-report',
    onclick: async () => {
      button.disabled = true;
      msg.replaceChildren(h('p', {}, 'Preparing your download…'));
      try {
        const res = await fetch(`${API}/users/${encodeURIComponent(code)}/reports/${encodeURIComponent(report)}/download`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ expires, signature }),
        });
        if (res.status === 401) {
          msg.replaceChildren(h('p', { class: 'notice error', role: 'alert', id: 'download-expired' },
            'This download link has expired. Request the report again from your provider’s tax portal.'));
          return;
        }
        if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'This report is no longer available.' : await errorMessage(res));
        saveBlob(await res.blob(), filenameOf(res, 'report'));
        msg.replaceChildren(h('p', { class: 'notice ok', id: 'download-started' }, 'Your download has started.'));
      } catch (err) {
        fail(err, msg);
      } finally {
        button.disabled = false;
      }
    },
  }, 'Download report') as HTMLButtonElement;
  clear(main);
  main.append(h('section', { class: 'panel state', id: 'state-download', 'aria-labelledby': 'dl-h' },
    h('h1', { id: 'dl-h' }, 'Your tax report is ready'),
    h('p', {}, expires ? `This link works until ${when(new Date(expires * 1000).toISOString())}.` : ''),
    button, msg));
}

// ---- boot ----------------------------------------------------------------------------------

async function boot() {
  const q = new URLSearchParams(location.search);
  if (q.get('report') && q.get('signature')) return downloadPage(q);
  let s: Session | null = null;
  if (q.get('token') && q.get('code')) {
    s = { code: q.get('code')!, token: q.get('token')!, email: q.get('email') || undefined };
  } else if (q.get('link')) {
    const link = q.get('link')!;
    cleanAddress(null);
    try {
      const res = await fetch('/portal/link-session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ link }) });
      if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'This link is not valid (anymore). Ask your provider for a new one.' : await errorMessage(res));
      const b = await res.json();
      s = { code: b.referenceId, token: b.accessToken, partnerId: b.partnerId };
    } catch (err) {
      return fail(err, main);
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
  saveSession(s);
  cleanAddress(s);
  if (claims.exp && claims.exp * 1000 <= Date.now()) return showExpired();
  // The token's own expiry ends the session even when the page sits idle.
  if (claims.exp) setTimeout(showExpired, Math.min(claims.exp * 1000 - Date.now(), 2 ** 31 - 1));
  return portal(s);
}

// ---- small helpers -------------------------------------------------------------------------

function sleep(ms: number) { return new Promise((r) => setTimeout(r, ms)); }
function chainName(c: string) { return CHAINS.find(([v]) => v === c)?.[1] || c; }
function reportName(t: string) { return (REPORT_TYPES.find(([v]) => v === t)?.[1] || t).replace(/ – .*$/, ''); }
function shortAddress(a: string) { return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a; }
// humanize turns "wallets.0.address: not a valid ethereum address" into a sentence for people.
function humanize(m: string) {
  const t = m.replace(/^wallets(\.\d+)?(\.\w+)?: /, '').replace(/^year: /, '');
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

boot();
