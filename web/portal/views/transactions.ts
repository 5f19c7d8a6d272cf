// Transactions: a server-paged list (no total is counted: the pages say whether a next one exists,
// which stays fast on a ledger of millions), search, and filters by tax year, asset, account,
// label, what needs review and hidden transactions. The filters live in the address, so the back
// button and a reload keep them.

import { problem, taxYearRange, accountTitle, yearLabel, yearChoices, costWord } from '../app';
import type { Ctx } from '../ctx';
import { h, clear, day, money, loading, empty, field, select, button } from '../dom';
import * as Q from '../gql';
import { describe, flags, effect, unpriced, labelOf } from './tx';

// A page is 50 transactions, 25 on a phone (where each is a card of its own).
const limit = () => (window.matchMedia('(max-width: 40rem)').matches ? 25 : 50);

// reviewFilters are the review patterns a list can show, named in the client's terms.
const reviewFilters = (cost: string): [string, string][] => [
  ['', 'Everything'],
  ['missing-basis', `Missing ${cost}`],
  ['uncovered-disposals', 'Sold more than held'],
  ['negative-balance', 'Negative balance'],
  ['unlabeled', 'Unlabeled'],
  ['possible-internal-transfer', 'Possible move between your accounts'],
];

export function transactions(ctx: Ctx, root: HTMLElement, params: URLSearchParams) {
  const { app } = ctx;
  // the address counts pages from 1, as the page says (page=2 is the second page)
  const page = Math.max(0, (Number(params.get('page')) || 1) - 1);
  const f = {
    q: params.get('q') || '', year: params.get('year') || '', asset: params.get('asset') || '', account: params.get('account') || '',
    label: params.get('label') || '', review: params.get('review') || '', hidden: params.get('hidden') === '1',
  };
  const go = (changes: Record<string, string>) => {
    const p = new URLSearchParams();
    const next = { q: f.q, year: f.year, asset: f.asset, account: f.account, label: f.label, review: f.review, hidden: f.hidden ? '1' : '', page: '', ...changes };
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    location.hash = `#/transactions${p.toString() ? `?${p}` : ''}`;
  };
  const filtered = !!(f.q || f.year || f.asset || f.account || f.label || f.review || f.hidden);

  const search = h('input', { type: 'search', name: 'q', value: f.q, placeholder: 'Hash, note, address or asset', autocomplete: 'off' }) as HTMLInputElement;
  const yearSel = select('year', [['', 'All years']], f.year);
  const assetSel = select('asset', [['', 'All assets']], f.asset);
  const accountSel = select('account', [['', 'All accounts']], f.account);
  const labelSel = select('label', [['', 'All labels'], ['unlabeled', 'Unlabeled']], f.label);
  const reviewSel = select('review', reviewFilters(costWord(ctx.app.client, true)), f.review);
  const hidden = h('input', { type: 'checkbox', name: 'hidden', id: 'f-hidden', checked: f.hidden }) as HTMLInputElement;
  const form = h('form', { class: 'filters', id: 'tx-filters', role: 'search', 'aria-label': 'Filter transactions',
    onsubmit: (e: Event) => { e.preventDefault(); go({ q: search.value.trim() }); } },
  h('div', { class: 'search-row' }, field('f-q', 'Search', search, 'grow'), h('button', { type: 'submit', id: 'f-search' }, 'Search')),
  h('div', { class: 'filter-row' },
    field('f-year', 'Tax year', yearSel), field('f-asset', 'Asset', assetSel), field('f-account', 'Account', accountSel),
    field('f-label', 'Label', labelSel), field('f-review', 'Needs review', reviewSel),
    h('div', { class: 'field check' }, hidden, h('label', { for: 'f-hidden' }, 'Include hidden'))),
  filtered ? button('Clear filters', () => { location.hash = '#/transactions'; }, 'link', { id: 'f-clear' }) : '');
  const onChange = (el: HTMLSelectElement | HTMLInputElement, key: string) => el.addEventListener('change', () => go({ [key]: el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value }));
  onChange(yearSel, 'year'); onChange(assetSel, 'asset'); onChange(accountSel, 'account'); onChange(labelSel, 'label'); onChange(reviewSel, 'review'); onChange(hidden, 'hidden');

  const list = h('div', { id: 'tx-list', 'aria-live': 'polite' }, loading('transactions'));
  root.append(h('h1', {}, 'Transactions'), form, list);

  // The filters' choices load beside the page.
  Promise.all([app.years(), app.assets(), app.accounts(), app.labels()]).then(([years, assets, accounts, labels]) => {
    yearSel.append(...yearChoices(app.client, years).map((y) => h('option', { value: y }, yearLabel(app.client, y))));
    assetSel.append(...assets.map((a) => h('option', { value: a.id }, a.name && a.name !== a.symbol ? `${a.symbol} · ${a.name}` : a.symbol)));
    accountSel.append(...accounts.map((a) => h('option', { value: a.id }, accountTitle(a))));
    labelSel.append(...labels.map((l) => h('option', { value: l.value }, l.name)));
    yearSel.value = f.year; assetSel.value = f.asset; accountSel.value = f.account; labelSel.value = f.label;
  }).catch(() => { /* the list shows the error */ });

  const load = async () => {
    const vars: Record<string, unknown> = { page, limit: limit(), includeHidden: f.hidden || undefined };
    if (f.q) vars.search = f.q;
    if (f.year) [vars.startDate, vars.endDate] = taxYearRange(app.client, Number(f.year));
    if (f.asset) vars.assetIds = [f.asset];
    if (f.account) vars.accountIds = [f.account];
    if (f.label === 'unlabeled') vars.labelFilterMode = 'unlabeled';
    else if (f.label) vars.labels = [f.label];
    if (f.review) vars.insightPatternId = f.review;
    try {
      const { page: _p, limit: _l, ...filter } = vars;
      const [r, total] = await Promise.all([
        app.q(Q.TX_PAGE, vars),
        app.q(Q.TX_COUNT, filter).then((c) => c.getClientTransactionsSummary.transactionCount),
        app.accounts().then((a) => { app.accountCache = a; }),
        app.labels().then((l) => { app.labelCache = l; }),
      ]);
      const res = r.getClientTransactions;
      clear(list);
      if (res.transactions.length === 0) {
        list.append(page > 0
          ? empty('No more transactions on this page.', 'tx-empty', h('a', { href: '#', onclick: (e: Event) => { e.preventDefault(); go({ page: '' }); } }, 'Back to the first page'))
          : filtered
            ? empty('No transaction matches these filters.', 'tx-empty', button('Clear filters', () => { location.hash = '#/transactions'; }, 'secondary'))
            : empty('No transactions yet. Add your wallets and exchanges on the Overview page and sync them.', 'tx-empty'));
        return;
      }
      list.append(h('table', { class: 'table cards tx-table' },
        h('caption', { class: 'sr-only' }, `Transactions, page ${page + 1}`),
        h('thead', {}, h('tr', {}, ...['Date', 'Type', 'What happened', 'Value', 'Gain or income', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...res.transactions.map((tx) => h('tr', { 'data-tx': tx.id, class: tx.isHidden ? 'hidden-tx' : '',
          // the whole row opens the transaction for a pointer; the date is its link for keyboards
          onclick: (e: Event) => { if (!(e.target as Element).closest('a, button')) location.hash = `#/transactions/${tx.id}`; } },
          h('td', { 'data-label': 'Date' }, h('a', { href: `#/transactions/${tx.id}`, class: 'tx-link' }, day(tx.createdAt))),
          h('td', { 'data-label': 'Type' }, labelOf(app, tx)),
          h('td', { 'data-label': 'What happened' }, describe(tx), h('div', { class: 'muted small' }, app.accountName(tx.accountId))),
          h('td', { 'data-label': 'Value', class: 'num' }, unpriced(tx) ? h('span', { class: 'badge critical' }, 'No price') : money(tx.fiatValueCents)),
          h('td', { 'data-label': 'Gain or income', class: 'num' }, effect(tx)),
          h('td', { 'data-label': 'State', class: 'flags' }, ...flags(tx, app)))))));
      list.append(h('nav', { class: 'pager', 'aria-label': 'Pages' },
        page > 0 ? button('Previous page', () => go({ page: page > 1 ? String(page) : '' }), 'secondary', { id: 'tx-prev' }) : '',
        h('span', { class: 'muted', id: 'tx-page', 'data-page': page + 1 },
          `Page ${page + 1} of ${Math.max(1, Math.ceil(total / Number(vars.limit)))} · ${total.toLocaleString('en-US')} ${total === 1 ? 'transaction' : 'transactions'}`),
        res.hasNextPage ? button('Next page', () => go({ page: String(page + 2) }), 'secondary', { id: 'tx-next' }) : ''));
    } catch (err) {
      list.replaceChildren(problem(err, load));
    }
  };
  load();
  return app.onChange(load);
}
