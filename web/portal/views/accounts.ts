// The user's accounts (wallets, exchanges, files) with their sync state, adding a wallet (the partner
// REST API validates its address on the chain and keeps the 10-wallet limit) and syncing.

import { App, Account, accountTitle, providerName, problem } from '../app';
import { ApiError, Expired, rest, RestSchemas } from '../api';
import { h, clear, when, clock, sleep, shortAddress, loading, empty, field, select } from '../dom';

const MAX_ACCOUNTS = 10;
const POLL_MS = 1000;
const CHAINS: [string, string][] = [
  ['ethereum', 'Ethereum'], ['bitcoin', 'Bitcoin'], ['solana', 'Solana'], ['base', 'Base'],
  ['arbitrum', 'Arbitrum'], ['optimism', 'Optimism'], ['polygon', 'Polygon'], ['bsc', 'BNB Smart Chain'],
];
const STATUS: Record<string, string> = {
  ACTIVE: 'Up to date', SYNCING: 'Syncing', ERROR: 'Sync failed', NEEDS_REAUTHENTICATION: 'Needs new credentials',
  RETIRED: 'Retired', DELETING: 'Being removed',
};
const TYPES: Record<string, string> = { WALLET: 'Wallet', EXCHANGE: 'Exchange', BANK: 'Bank', FILE: 'File import', MANUAL: 'Manual', VIRTUAL: 'Position' };

type Sync = RestSchemas['AccountSync'];

export class AccountsView {
  private accounts: Account[] = [];
  private syncing = false;
  private list = h('div', { id: 'wallet-list' }, loading('your accounts'));
  private count = h('p', { id: 'wallet-count', class: 'muted' });
  private msg = h('div', { id: 'wallet-message', role: 'status', 'aria-live': 'polite' });
  private progress = h('div', { id: 'sync-progress', 'aria-live': 'polite' });
  private syncButton = h('button', { type: 'button', id: 'sync-wallets', onclick: () => this.startSync() }, 'Sync wallets') as HTMLButtonElement;
  private form: HTMLFormElement;
  private alive = true;

  constructor(private app: App, root: HTMLElement) {
    const address = h('input', { name: 'address', required: true, autocomplete: 'off', spellcheck: false, placeholder: '0x… , bc1… or a Solana address' });
    const name = h('input', { name: 'name', maxlength: 100, autocomplete: 'off', placeholder: 'e.g. Cold storage' });
    this.form = h('form', { id: 'add-wallet', class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); this.add(); } },
      field('wallet-address', 'Wallet address', address, 'grow'),
      field('wallet-chain', 'Chain', select('chain', CHAINS)),
      field('wallet-name', 'Name (optional)', name),
      h('button', { type: 'submit', id: 'add-wallet-button' }, 'Add wallet')) as HTMLFormElement;
    root.append(this.count, this.list,
      h('details', { class: 'add-wallet' }, h('summary', {}, 'Add a wallet'), this.form, this.msg),
      h('div', { class: 'actions' }, this.syncButton), this.progress);
  }

  stop() { this.alive = false; }

  async load() {
    try {
      this.accounts = await this.app.accounts();
      this.render();
      const syncs = await rest<RestSchemas['AccountSyncList']>(this.app.s, 'GET', '/account_syncs');
      const active = syncs.syncs.find((x) => x.status === 'queued' || x.status === 'running');
      if (active) this.follow(active);
    } catch (err) {
      clear(this.list);
      this.list.append(problem(err, () => this.load()));
    }
  }

  private render() {
    clear(this.list);
    const n = this.accounts.length;
    const wallets = this.accounts.filter((a) => a.type === 'WALLET').length;
    this.count.textContent = `${n === 1 ? '1 account' : `${n} accounts`} · ${wallets} of ${MAX_ACCOUNTS} wallets`;
    const full = wallets >= MAX_ACCOUNTS;
    this.form.querySelectorAll('input,select,button').forEach((el) => ((el as HTMLInputElement).disabled = full));
    if (full) this.msg.replaceChildren(h('p', { class: 'notice' }, `You have reached the limit of ${MAX_ACCOUNTS} wallets.`));
    this.syncButton.disabled = wallets === 0 || this.syncing;
    this.syncButton.hidden = wallets === 0;
    if (n === 0) {
      this.list.append(empty('No accounts yet. Add the address of a wallet you own, then sync it to import its transactions.', 'wallets-empty'));
      return;
    }
    this.list.append(h('table', { class: 'table cards' },
      h('caption', { class: 'sr-only' }, 'Your accounts'),
      h('thead', {}, h('tr', {}, ...['Account', 'Kind', 'Transactions', 'Status', 'Last synced'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...this.accounts.map((a) => h('tr', { 'data-account': a.id },
        h('td', { 'data-label': 'Account' }, h('strong', {}, accountTitle(a)),
          a.address && accountTitle(a) === a.name ? h('div', { class: 'mono muted small', title: a.address }, shortAddress(a.address)) : ''),
        h('td', { 'data-label': 'Kind' }, `${TYPES[a.type] || a.type}${a.type === 'WALLET' ? ` · ${providerName(a.provider)}` : ''}`),
        h('td', { 'data-label': 'Transactions', class: 'num' }, a.transactionCount.toLocaleString('en-US')),
        h('td', { 'data-label': 'Status' }, h('span', { class: `badge ${a.status.toLowerCase()}` }, STATUS[a.status] || a.status),
          a.lastSyncError ? h('div', { class: 'muted small', 'data-sync-error': a.id }, `${unreachable(a)} the last time; sync again to retry.`) : ''),
        h('td', { 'data-label': 'Last synced' }, a.type === 'FILE' ? 'Imported file' : when(a.lastSyncedAt)))))));
  }

  private async add() {
    const fd = new FormData(this.form);
    const wallet: Record<string, string> = { address: String(fd.get('address')).trim(), chain: String(fd.get('chain')) };
    const name = String(fd.get('name') || '').trim();
    if (name) wallet.name = name;
    this.msg.replaceChildren(h('p', {}, 'Adding the wallet…'));
    try {
      const res = await rest<RestSchemas['AccountsCreated']>(this.app.s, 'POST', '/accounts', { wallets: [wallet] });
      this.form.reset();
      const notes = res.skipped.map((k) => `${shortAddress(k.address)} was not added: ${k.reason === 'already_added' ? 'you have it already' : k.reason.replace(/_/g, ' ')}.`);
      this.msg.replaceChildren(...(res.accounts.length ? [h('p', { class: 'notice ok' }, 'Wallet added. Sync it to import its transactions.')] : []),
        ...notes.map((t) => h('p', { class: 'notice' }, t)));
      this.app.ledgerChanged('accounts');
      this.accounts = await this.app.accounts();
      this.render();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        this.msg.replaceChildren(h('p', { class: 'notice error', role: 'alert', id: 'wallet-error' }, err.message));
        (document.getElementById('wallet-address') as HTMLInputElement).focus();
        return;
      }
      this.msg.replaceChildren(problem(err));
    }
  }

  private async startSync() {
    this.syncButton.disabled = true;
    try {
      this.follow(await rest<Sync>(this.app.s, 'POST', '/account_syncs', {}));
    } catch (err) {
      this.syncButton.disabled = false;
      this.progress.replaceChildren(problem(err));
    }
  }

  private async follow(sync: Sync) {
    this.syncing = true;
    this.syncButton.disabled = true;
    for (;;) {
      this.showSync(sync);
      if (sync.status === 'completed' || sync.status === 'failed' || !this.alive) break;
      await sleep(POLL_MS);
      try {
        sync = await rest<Sync>(this.app.s, 'GET', `/account_syncs/${sync.id}`);
      } catch (err) {
        if (err instanceof Expired) return;
        this.progress.replaceChildren(h('p', { class: 'notice' }, 'Lost contact with the server; trying again…'));
        await sleep(POLL_MS * 3);
      }
    }
    this.syncing = false;
    this.syncButton.disabled = false;
    if (!this.alive) return;
    this.app.ledgerChanged('accounts');
    try {
      this.accounts = await this.app.accounts();
      this.render();
    } catch (err) {
      this.list.replaceChildren(problem(err, () => this.load()));
    }
  }

  // showSync says where a sync is in plain sentences: what each account is doing and, when an
  // attempt failed, that it is tried again and when (in the client's time zone); the server's
  // technical reasons stay out of the page.
  private showSync(sync: Sync) {
    const label = sync.status === 'completed' ? 'Sync complete' : sync.status === 'failed' ? 'Sync stopped'
      : sync.status === 'queued' ? 'Sync queued' : 'Syncing';
    const tz = this.app.client.timezone;
    const retry = sync.retrying;
    const retryAcc = retry ? this.accounts.find((x) => x.id === retry.accountId) : undefined;
    this.progress.replaceChildren(h('div', { class: `sync ${sync.status}`, id: 'sync-status', 'data-status': sync.status },
      h('p', {}, h('strong', {}, `${label}: ${sync.progress}%`)),
      h('progress', { max: 100, value: sync.progress, 'aria-label': 'Sync progress' }),
      retry ? h('p', { class: 'notice', id: 'sync-retrying' },
        `${unreachable(retryAcc)}; we’ll try again at ${clock(retry.nextAttemptAt, tz)}.`) : '',
      sync.status === 'failed' ? h('p', { class: 'notice error' }, 'The sync stopped before every account was done. Try again in a few minutes.') : '',
      h('ul', { class: 'sync-accounts' }, ...sync.accounts.map((a) => {
        const acc = this.accounts.find((x) => x.id === a.accountId);
        return h('li', { 'data-sync-account': a.accountId }, `${acc ? accountTitle(acc) : 'An account'}: ${syncWords(a, acc, tz)}`);
      }))));
  }
}

// unreachable is the sentence for a source that did not answer: the wallet's network or the exchange.
function unreachable(a?: Pick<Account, 'type' | 'provider'>): string {
  if (!a) return 'We couldn’t reach an account’s source';
  return a.type === 'WALLET' ? `We couldn’t reach the ${providerName(a.provider)} network` : `We couldn’t reach ${providerName(a.provider)}`;
}

// syncWords is where the sync of one account is, in words.
function syncWords(a: Sync['accounts'][number], acc: Account | undefined, tz: string): string {
  if (a.status === 'syncing' && a.nextAttemptAt) return `${unreachable(acc).replace('We', 'we')}; we’ll try again at ${clock(a.nextAttemptAt, tz)}.`;
  switch (a.status) {
    case 'queued': return 'waiting to start.';
    case 'syncing': return `importing (${a.progress}%).`;
    case 'synced': return 'done.';
    case 'failed': return `${unreachable(acc).replace('We', 'we')}, so its new transactions are not imported; sync again later.`;
    default: return `${a.status}.`;
  }
}
