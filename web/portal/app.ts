// What every view shares: the session, the client, cached lists (accounts, assets, labels), the
// recalculation state and the designed error state.

import { gql, Session, errorText, Expired } from './api';
import { h, button, Child } from './dom';
import * as Q from './gql';
import type { PortalAccountsQuery, PortalAssetsQuery, PortalClientQuery, PortalLabelsQuery, TypedDocumentString } from './generated/graphql';

export type Client = PortalClientQuery['getMyActiveClient'];
// JurisdictionRules are the tax rules of the client's country (Client.jurisdictionRules): what the
// views show and offer follows them, never the country itself.
export type JurisdictionRules = Client['jurisdictionRules'];
export type Account = NonNullable<PortalAccountsQuery['getClientAccounts'][number]>;
export type Asset = PortalAssetsQuery['getClientAssets']['assets'][number];
export type Label = PortalLabelsQuery['getLabels'][number];
export interface Branding { name: string; logoUrl?: string | null; primaryColor?: string | null; supportEmail?: string | null }

// What changed: an edit of the ledger, the accounts (added, synced), or the tax results.
export type Change = 'edit' | 'accounts' | 'results';

export class App {
  private accountsP?: Promise<Account[]>;
  private assetsP?: Promise<Asset[]>;
  private labelsP?: Promise<Label[]>;
  private yearsP?: Promise<number[]>;
  // listeners of ledger changes (an edit, a sync, a finished recalculation)
  private changed: ((what: Change) => void)[] = [];

  constructor(public s: Session, public client: Client, public brand: Branding) {}

  // q runs an operation of the client: its clientId variable is the client's.
  q<T, V>(doc: TypedDocumentString<T, V>, variables?: Omit<V, 'clientId'>): Promise<T> {
    return gql(this.s, doc, { clientId: this.client.id, ...variables } as V);
  }

  accounts(): Promise<Account[]> {
    this.accountsP ||= this.q(Q.ACCOUNTS).then((r) => r.getClientAccounts.filter((a): a is Account => !!a));
    this.accountsP.catch(() => { this.accountsP = undefined; });
    return this.accountsP;
  }

  assets(): Promise<Asset[]> {
    this.assetsP ||= this.q(Q.ASSETS).then((r) => r.getClientAssets.assets);
    this.assetsP.catch(() => { this.assetsP = undefined; });
    return this.assetsP;
  }

  labels(): Promise<Label[]> {
    this.labelsP ||= this.q(Q.LABELS).then((r) => r.getLabels);
    this.labelsP.catch(() => { this.labelsP = undefined; });
    return this.labelsP;
  }

  // years are the tax years with activity, newest first. No years is not kept: it is what a ledger
  // never calculated has, and a first calculation that finished before the state bar first looked
  // (so no run was followed and nothing said the results changed) would leave it cached for good.
  years(): Promise<number[]> {
    this.yearsP ||= this.q(Q.TAX_YEARS).then((r) => [...r.getTaxYears].reverse());
    this.yearsP.then((ys) => { if (ys.length === 0) this.yearsP = undefined; }, () => { this.yearsP = undefined; });
    return this.yearsP;
  }

  // defaultYear is the tax year every view opens on: the latest with activity (else the current one).
  async defaultYear(): Promise<number> {
    const ys = await this.years();
    return ys.length ? ys[0] : new Date().getUTCFullYear();
  }

  labelName(value?: string | null): string {
    if (!value) return 'Unlabeled';
    const l = this.labelCache.find((x) => x.value === value);
    return l ? l.name : value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  }
  labelCache: Label[] = [];

  accountName(id?: string | null, accounts: Account[] = this.accountCache): string {
    if (!id) return 'Outside your accounts';
    const a = accounts.find((x) => x.id === id);
    return a ? accountTitle(a) : 'A removed account';
  }
  accountCache: Account[] = [];

  // onChange registers a listener of ledger changes; the returned function removes it.
  onChange(fn: (what: Change) => void): () => void {
    this.changed.push(fn);
    return () => { this.changed = this.changed.filter((f) => f !== fn); };
  }

  // ledgerChanged drops the cached lists that a change may affect and tells the listeners.
  ledgerChanged(what: Change) {
    if (what === 'accounts') { this.accountsP = undefined; this.assetsP = undefined; this.yearsP = undefined; }
    if (what === 'results') { this.yearsP = undefined; }
    for (const f of [...this.changed]) f(what);
  }
}

// accountTitle names an account: its name, else its address shortened, never the address twice.
export function accountTitle(a: { name: string; address?: string | null; provider: string }): string {
  const name = (a.name || '').trim();
  if (name && name !== a.address) return name;
  if (a.address) return `${providerName(a.provider)} wallet ${a.address.length > 16 ? `${a.address.slice(0, 6)}…${a.address.slice(-4)}` : a.address}`;
  return providerName(a.provider);
}

const PROVIDERS: Record<string, string> = {
  ethereum: 'Ethereum', bitcoin: 'Bitcoin', solana: 'Solana', base: 'Base', arbitrum: 'Arbitrum', optimism: 'Optimism',
  polygon: 'Polygon', bsc: 'BNB Smart Chain', coinbase: 'Coinbase', kraken: 'Kraken', generic: 'File', file: 'File',
};
export function providerName(p: string): string { return PROVIDERS[p] || p.charAt(0).toUpperCase() + p.slice(1); }

// problem is the designed error state of a part of a page: what went wrong, in plain words, and a
// way to try again. A lost session is handled by the app (the sign-in-again page).
export function problem(err: unknown, retry?: () => void, ...more: Child[]): HTMLElement {
  if (err instanceof Expired) return h('span');
  return h('div', { class: 'notice error', role: 'alert' },
    h('p', {}, errorText(err)),
    ...more,
    retry ? button('Try again', retry, 'secondary small') : '');
}

// panel is a titled section of a page.
export function panel(id: string, title: string, ...body: Child[]): { el: HTMLElement; body: HTMLElement } {
  const b = h('div', { class: 'section-body' }, ...body);
  const el = h('section', { class: 'panel', id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), b);
  return { el, body: b };
}





// offsetMs is how far the time zone is ahead of UTC at an instant.
function offsetMs(tz: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value || 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at.getTime() / 1000) * 1000;
}

// zonedMidnight is the instant a day starts in a time zone.
function zonedMidnight(y: number, m: number, d: number, tz: string): Date {
  let t = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 2; i++) {
    try {
      t = Date.UTC(y, m - 1, d) - offsetMs(tz, new Date(t));
    } catch {
      return new Date(Date.UTC(y, m - 1, d)); // an unknown zone: UTC
    }
  }
  return new Date(t);
}

// taxYearRange is the client's tax year y as [start, end) in its time zone, from the first day of its
// tax year (fiscalYearStart: its rules' where they fix one).
export function taxYearRange(c: Client, y: number): [string, string] {
  const [m, d] = (c.fiscalYearStart || '01-01').split('-').map(Number);
  return [zonedMidnight(y, m || 1, d || 1, c.timezone).toISOString(), zonedMidnight(y + 1, m || 1, d || 1, c.timezone).toISOString()];
}

// currentTaxYear is the tax year (named by the year it starts in) that now falls in, by the
// client's tax-year start and time zone.
export function currentTaxYear(c: Client, now = new Date()): number {
  const y = now.getUTCFullYear();
  return [y + 1, y, y - 1].find((k) => new Date(taxYearRange(c, k)[0]) <= now) ?? y - 1;
}

// yearChoices are the tax years a year list offers, newest first: every year from the current one
// (or the newest with activity, or the one asked for) back to the oldest of them, none skipped.
export function yearChoices(c: Client, active: number[], asked?: number): number[] {
  const all = [currentTaxYear(c), ...active, ...(asked ? [asked] : [])];
  const out: number[] = [];
  for (let y = Math.max(...all); y >= Math.min(...all); y--) out.push(y);
  return out;
}

// yearLabel is tax year y as the client's rules name it: "2024/25" or "2024-25" for a year spanning
// two calendar years (taxYearLabelFormat YYYY/YY, YYYY-YY: the separator is the rules'), else "2024".
export function yearLabel(c: Client, y: number): string {
  const f = c.jurisdictionRules.taxYearLabelFormat;
  return f.length === 7 ? `${y}${f[4]}${String((y + 1) % 100).padStart(2, '0')}` : String(y);
}

// costWord is what the client's rules call the cost of what is disposed of ("Cost basis",
// "Allowable costs", "Adjusted cost base"); inSentence starts it in lower case.
export function costWord(c: Client, inSentence = false): string {
  const w = c.jurisdictionRules.words.cost;
  return inSentence ? w.charAt(0).toLowerCase() + w.slice(1) : w;
}

// termWord names a piece's holding class as the client's rules do ("Tax-free (held over a year)"
// under DE, "Discount gain (held 12 months)" under AU), else Short-term and Long-term; inSentence
// starts it in lower case.
export function termWord(c: Client, term: string, inSentence = false): string {
  const w = c.jurisdictionRules.words;
  const word = term === 'SHORT_TERM' ? w.shortTerm || 'Short-term' : term === 'LONG_TERM' ? w.longTerm || 'Long-term' : term;
  return inSentence ? word.charAt(0).toLowerCase() + word.slice(1) : word;
}
