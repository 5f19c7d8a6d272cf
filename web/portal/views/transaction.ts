// One transaction: its transfers, why its gain is what it is (each disposal piece with the lot it
// came from, from getTaxLots), and the edits a user makes: label, value or basis, pairing as an
// internal transfer, hiding, accepting a zero basis, and undoing any change from its history.

import { App, problem, panel, termWord, costWord } from '../app';
import type { Ctx } from '../ctx';
import { h, clear, day, when, money, signed, qty, loading, button, busy, field, select, shortAddress, announce, askFirst } from '../dom';
import * as Q from '../gql';
import type { PortalTransactionQuery } from '../generated/graphql';
import { describe, flags, labelOf, transactionLots } from './tx';
import { pairCard } from './pairs';

type Tx = PortalTransactionQuery['getTransaction'];
type Transfer = Tx['transfers'][number];


export function transaction(ctx: Ctx, root: HTMLElement, id: string) {
  const { app } = ctx;
  const body = h('div', { id: 'tx-detail' }, loading('the transaction'));
  root.append(h('p', { class: 'back' }, h('a', { href: '#/transactions' }, '← All transactions')), body);
  let alive = true;

  const load = async (message?: string) => {
    try {
      const [r] = await Promise.all([
        app.q(Q.TX, { id }),
        app.accounts().then((a) => { app.accountCache = a; }),
        app.labels().then((l) => { app.labelCache = l; }),
      ]);
      const tx = r.getTransaction;
      // the other side of a pair: its account names where the coins went (or came from)
      const other = tx.isInternalTransfer && tx.linkedTransactionId ? (await app.q(Q.TX, { id: tx.linkedTransactionId })).getTransaction : undefined;
      if (!alive) return;
      // drawn again (after a change, or a recalculation): the focus stays on the same control
      const keep = (document.activeElement as HTMLElement | null)?.id;
      render(tx, other, message);
      if (keep && document.activeElement === document.body) document.getElementById(keep)?.focus();
    } catch (err) {
      clear(body);
      body.append(h('h1', {}, 'Transaction'), problem(err, () => load()));
    }
  };

  // edited runs after every successful change: the figures are now stale until recalculated. The
  // page is drawn again: the focus goes back to the control the change was made with (by its id),
  // else to the message saying what changed.
  let lastFocus = '';
  body.addEventListener('focusin', (e) => { lastFocus = (e.target as HTMLElement).id || lastFocus; });
  const edited = async (message: string) => {
    const from = lastFocus;
    app.ledgerChanged('edit');
    ctx.recalc.refresh();
    await load(message);
    announce(message);
    const back = (from && document.getElementById(from)) || document.getElementById(AFTER[from] || '') || document.getElementById('tx-message');
    back?.focus();
  };

  const render = (tx: Tx, other: Tx | undefined, message?: string) => {
    clear(body);
    const title = `${other && !tx.label ? transferTitle(app, tx, other) : labelOf(app, tx)} · ${day(tx.createdAt)}`;
    const status = h('div', { id: 'tx-message', role: 'status', 'aria-live': 'polite', tabindex: '-1' },
      message ? h('p', { class: 'notice ok' }, message, ctx.recalc.state !== 'recalculating' ? ' Your figures are updated in a moment.' : '') : '');
    body.append(
      h('h1', { id: 'tx-title' }, title),
      h('p', { class: 'lead' }, describe(tx)),
      h('p', { class: 'muted' }, `${app.accountName(tx.accountId)} · ${when(tx.createdAt)}`,
        tx.txnHash ? [' · ', tx.explorerUrl && /^https:\/\//.test(tx.explorerUrl)
          ? h('a', { href: tx.explorerUrl, target: '_blank', rel: 'noopener noreferrer' }, `View on explorer (${shortAddress(tx.txnHash)})`)
          : h('span', { class: 'mono', title: tx.txnHash }, shortAddress(tx.txnHash))] : ''),
      h('div', { class: 'flags' }, ...flags(tx, app)),
      classification(tx),
      status,
      figures(tx),
      transfersPanel(app, tx, other, edited),
    );
    const why = panel('why', 'Why these figures', loading('the lots behind this transaction'));
    body.append(why.el);
    explain(app, tx, why.body);
    body.append(fixPanel(ctx, tx, edited));
    const hist = panel('history', 'History of changes', loading('the history'));
    body.append(hist.el);
    history(app, tx, hist.body, edited);
  };

  load();
  const off = app.onChange(() => { if (ctx.recalc.state === 'settled') load(); });
  return () => { alive = false; off(); };
}

// AFTER is where the focus goes after a button that the change replaced: its counterpart.
const AFTER: Record<string, string> = { 'hide-tx': 'unhide-tx', 'unhide-tx': 'hide-tx', 'save-label': 'tx-label' };

const CONFIDENCE: Record<string, string> = { HIGH: 'high confidence', MEDIUM: 'medium confidence', LOW: 'low confidence' };

// classification says which rule read the on-chain transaction, how sure it is and why; a
// low-confidence reading needs the person's review (an edit or "Mark as reviewed" settles it).
function classification(tx: Tx): HTMLElement | string {
  const c = tx.classification;
  if (!c) return '';
  const review = c.confidence === 'LOW' && !tx.isReviewed && !tx.isEdited;
  return h('div', { class: 'classification', id: 'tx-classification', 'data-rule': c.rule, 'data-confidence': c.confidence },
    h('p', {}, 'Read by the rule ', h('strong', {}, c.rule), ` (${CONFIDENCE[c.confidence] || c.confidence}): ${c.explanation}.`,
      review ? [' ', h('span', { class: 'badge warning' }, 'Needs review')] : ''),
    h('p', { class: 'muted small' }, tx.isEdited
      ? 'You changed this transaction: your edit stays, whatever the rules say later.'
      : 'Change the label below if this reading is wrong: your edit always wins over the rules.'));
}

// transferTitle names a side of a pair by the other side's account: "Transfer to Ledger Nano X".
function transferTitle(app: App, tx: Tx, other: Tx): string {
  const leaves = tx.transfers.some((t) => t.direction === 'OUTGOING' && !t.isFee);
  return `Transfer ${leaves ? 'to' : 'from'} ${app.accountName(other.accountId)}`;
}

// networkFeeCents is, for the sending side of a pair, the value of what left but never arrived:
// the network fee, disposed of as a small sale (its proceeds are the gain plus the basis).
function networkFeeCents(tx: Tx): number {
  if (!tx.isInternalTransfer) return 0;
  return tx.transfers.filter((t) => !t.isFee && t.capGainsSumSigned !== null && t.capGainsSumSigned !== undefined)
    .reduce((n, t) => n + Number(t.capGainsSumSigned) + (t.basisFiatValueCents ?? 0), 0);
}

function figures(tx: Tx): HTMLElement {
  const gain = tx.capGainsSumSigned !== null && tx.capGainsSumSigned !== undefined ? Number(tx.capGainsSumSigned) : null;
  const items: [string, string, string][] = [['value', 'Value', money(tx.fiatValueCents)], ['fees', 'Fees', money((tx.feeFiatValueCents ?? 0) + networkFeeCents(tx))]];
  if (gain !== null) items.push(['gain', gain < 0 ? 'Capital loss' : 'Capital gain', signed(gain)]);
  if (tx.incomeSum) items.push(['income', 'Income', money(tx.incomeSum)]);
  return h('dl', { class: 'figures', id: 'tx-figures' },
    ...items.map(([k, l, v]) => h('div', { class: 'figure', 'data-figure': k }, h('dt', {}, l), h('dd', {}, v))));
}

// party names one end of a transfer: the client's account by its name (also when only its address
// is known), else the address.
function party(app: App, account?: string | null, address?: string | null): string {
  if (account) return app.accountName(account);
  const own = address ? app.accountCache.find((a) => a.address && a.address.toLowerCase() === address.toLowerCase()) : undefined;
  if (own) return app.accountName(own.id);
  return address ? shortAddress(address) : 'Outside your accounts';
}

// transfersPanel lists the transfers; for a side of a pair, the end outside this transaction is
// the other side's account.
function transfersPanel(app: App, tx: Tx, other: Tx | undefined, edited: (m: string) => Promise<void>): HTMLElement {
  const p = panel('transfers', 'Transfers');
  const rows = tx.transfers.map((t) => {
    const gain = t.capGainsSumSigned !== null && t.capGainsSumSigned !== undefined ? Number(t.capGainsSumSigned) : null;
    const edit = h('div', { class: 'transfer-edit', id: `edit-${t.id}` });
    const editRow = h('tr', { class: 'edit-row', hidden: true }, h('td', { colspan: 6 }, edit));
    const open = button('Edit value', () => {
      editRow.hidden = !editRow.hidden;
      open.setAttribute('aria-expanded', String(!editRow.hidden));
      if (!editRow.hidden) (edit.querySelector('input') as HTMLInputElement | null)?.focus();
    }, 'link small', { 'aria-expanded': 'false', 'aria-controls': `edit-${t.id}`, 'data-edit-transfer': t.id });
    valueForm(app, tx, t, edit, edited);
    return [h('tr', { 'data-transfer': t.id, class: t.isHidden ? 'hidden-tx' : '' },
      h('td', { 'data-label': 'Transfer' }, h('strong', {}, `${t.direction === 'OUTGOING' ? '−' : t.direction === 'INCOMING' ? '+' : ''}${qty(t.amountExact)} ${t.asset?.symbol || ''}`),
        t.isFee ? h('span', { class: 'badge muted' }, 'Fee') : '', t.isHidden ? h('span', { class: 'badge muted' }, 'Hidden') : ''),
      h('td', { 'data-label': 'From → to' }, `${party(app, t.fromAccountId ?? (other && !t.isFee && t.direction === 'INCOMING' ? other.accountId : null), t.fromAddress)} → ${
        party(app, t.toAccountId ?? (other && !t.isFee && t.direction === 'OUTGOING' ? other.accountId : null), t.toAddress)}`),
      h('td', { 'data-label': 'Market value', class: 'num' }, t.fiatValueCents === null || t.fiatValueCents === undefined
        ? h('span', { class: 'badge critical' }, 'No price') : money(t.fiatValueCents), t.isFiatValueOverridden ? h('div', { class: 'muted small' }, 'set by you') : ''),
      h('td', { 'data-label': costWord(app.client), class: 'num' }, money(t.basisFiatValueCents)),
      h('td', { 'data-label': 'Gain or income', class: 'num' },
        gain !== null ? `${signed(gain)}${t.saleTerm && app.client.jurisdictionRules.hasHoldingTerms ? ` (${termWord(app.client, t.saleTerm, true)})` : ''}` : t.incomeSum ? `Income ${money(t.incomeSum)}` : '—',
        t.uncoveredAmountExact ? h('div', { class: 'muted small' }, `${qty(t.uncoveredAmountExact)} ${t.asset?.symbol || ''} not covered by your lots`) : ''),
      h('td', { 'data-label': 'Change' }, open)),
    editRow];
  });
  p.body.append(h('table', { class: 'table cards' },
    h('caption', { class: 'sr-only' }, 'Transfers of this transaction'),
    h('thead', {}, h('tr', {}, ...['Transfer', 'From → to', 'Market value', costWord(app.client), 'Gain or income', ''].map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, ...rows.flat())));
  return p.el;
}

// valueForm edits one transfer's market value (proceeds, for what leaves) and, for what arrives,
// the cost basis of the lot it creates.
function valueForm(app: App, tx: Tx, t: Transfer, root: HTMLElement, edited: (m: string) => Promise<void>) {
  const sym = t.asset?.symbol || 'units';
  const value = h('input', { type: 'number', min: '0', step: '0.01', inputmode: 'decimal', value: t.fiatValueCents != null ? (t.fiatValueCents / 100).toFixed(2) : '' }) as HTMLInputElement;
  const perUnit = h('input', { type: 'number', min: '0', step: 'any', inputmode: 'decimal' }) as HTMLInputElement;
  const basis = h('input', { type: 'number', min: '0', step: '0.01', inputmode: 'decimal', value: t.basisFiatValueCents != null ? (t.basisFiatValueCents / 100).toFixed(2) : '' }) as HTMLInputElement;
  const msg = h('div', { role: 'status' });
  const incoming = t.direction === 'INCOMING';
  // Only what the person changed is sent: a basis left as shown follows the new value (an income's
  // value is its basis), and no override is written for it.
  const shownValue = value.value, shownBasis = basis.value;
  perUnit.addEventListener('input', () => {
    const p = Number(perUnit.value);
    if (perUnit.value && isFinite(p)) value.value = (p * Number(t.amountExact)).toFixed(2);
  });
  const save = h('button', { type: 'submit' }, 'Save value') as HTMLButtonElement;
  const form = h('form', { class: 'inline-form', 'data-value-form': t.id, onsubmit: async (e: Event) => {
    e.preventDefault();
    const v = value.value === '' || value.value === shownValue ? undefined : Number(value.value);
    const b = incoming && basis.value !== '' && basis.value !== shownBasis ? Number(basis.value) : undefined;
    if (v === undefined && b === undefined) {
      msg.replaceChildren(h('p', { class: 'notice error' }, value.value === '' ? 'Enter a value.' : `Change the value or the ${costWord(app.client, true)}.`));
      return;
    }
    try {
      await busy(save, 'Saving…', () => app.q(Q.SET_VALUE, { tx: tx.id, transfer: t.id, value: v, basis: b }));
      await edited(`Saved the value of ${qty(t.amountExact)} ${sym}.`);
    } catch (err) {
      msg.replaceChildren(problem(err));
    }
  } },
  field(`per-unit-${t.id}`, `Price per ${sym} (${app.client.currency})`, perUnit),
  field(`value-${t.id}`, `${incoming ? 'Market value' : t.isFee ? 'Fee value' : 'Proceeds'} (${app.client.currency})`, value),
  incoming ? field(`basis-${t.id}`, `${costWord(app.client)} (${app.client.currency})`, basis) : '',
  save,
  t.isFiatValueOverridden ? button('Back to the imported value', async (e) => {
    try {
      await busy(e.currentTarget as HTMLButtonElement, 'Resetting…', () => app.q(Q.SET_VALUE, { tx: tx.id, transfer: t.id, reset: true }));
      await edited('The imported value is back.');
    } catch (err) {
      msg.replaceChildren(problem(err));
    }
  }, 'secondary') : '');
  root.append(form, msg);
}

async function explain(app: App, tx: Tx, root: HTMLElement) {
  const disposals = tx.transfers.filter((t) => t.capGainsSumSigned !== null && t.capGainsSumSigned !== undefined);
  const incomes = tx.transfers.filter((t) => t.incomeSum);
  const acquisitions = tx.transfers.filter((t) => t.direction === 'INCOMING' && !t.incomeSum && !tx.isInternalTransfer);
  const keys = [...new Set([...disposals, ...acquisitions].map((t) => t.asset?.pricingKey).filter((k): k is string => !!k))];
  try {
    const lots = await Promise.all(keys.map((key) => transactionLots(app, key, tx.id).then((r) => ({ key, ...r }))));
    clear(root);
    const parts: HTMLElement[] = [];
    if (tx.isHidden) parts.push(h('p', {}, 'This transaction is hidden: it does not count in your taxes.'));
    if (tx.isInternalTransfer) parts.push(h('p', {}, `A move between your own accounts: the coins keep their ${costWord(app.client, true)} and purchase date, and nothing is taxed.`));
    for (const t of disposals) {
      const pieces = lots.flatMap((l) => l.disposals).filter((p) => p.transferId === t.id);
      const method = lots.find((l) => l.key === t.asset?.pricingKey)?.costBasisAlgorithm || app.client.costBasisAlgorithm;
      const sym = t.asset?.symbol || '';
      // The transfer's own figures (the pieces add up to them, give or take the rounding of each to cents).
      const gain = Number(t.capGainsSumSigned);
      const basis = t.basisFiatValueCents ?? pieces.reduce((n, p) => n + p.costBasisCents, 0);
      const proceeds = basis + gain;
      const fees = (t.fiatValueCents ?? proceeds) - proceeds;
      // A side of a pair disposes only of what never arrived: the network fee.
      const networkFee = tx.isInternalTransfer && !t.isFee;
      const feeQty = pieces.reduce((n, p) => n + Number(p.amountExact), 0);
      parts.push(h('div', { class: 'why', 'data-why-transfer': t.id, 'data-network-fee': networkFee ? 'true' : undefined },
        h('h3', {}, networkFee ? `Network fee of ${qty(String(Number(feeQty.toPrecision(12))))} ${sym}` : `${t.isFee ? 'Fee paid with' : 'Disposal of'} ${qty(t.amountExact)} ${sym}`),
        networkFee ? h('p', {}, `The ${qty(String(Number(feeQty.toPrecision(12))))} ${sym} that left but did not arrive paid the network fee; it counts as a small sale: ${gain < 0 ? 'loss' : 'gain'} ${signed(gain)}.`) : '',
        h('p', { class: 'equation' }, `${app.client.jurisdictionRules.words.proceeds} ${money(proceeds)} − ${costWord(app.client, true)} ${money(basis)} = `, h('strong', {}, `${gain < 0 ? 'loss' : 'gain'} ${signed(gain)}`)),
        fees > 0 && !networkFee ? h('p', { class: 'muted small' }, `The proceeds are the market value of ${money(t.fiatValueCents)} less ${money(fees)} of fees.`) : '',
        h('p', { class: 'muted small' }, app.client.jurisdictionRules.matchingText || `Lots are taken ${methodName(method)}. Each piece below is the part of this disposal one lot covered.`),
        h('ul', { class: 'pieces' }, ...pieces.map((p) => h('li', { 'data-piece': p.lotTransactionId || 'uncovered', 'data-match': p.match || '' },
          p.isUncovered
            ? [h('strong', {}, `${qty(p.amountExact)} ${sym} not covered by any ${app.client.jurisdictionRules.words.holding}`), `: counted with a zero ${costWord(app.client, true)}. Add the account or transaction it came from, or pair the move that brought it.`]
            : p.match && p.match !== 'LOT' ? matched(p, sym)
            : [`${qty(p.amountExact)} ${sym} from the lot acquired `, p.lotTransactionId ? h('a', { href: `#/transactions/${p.lotTransactionId}` }, day(p.lotAcquiredAt)) : day(p.lotAcquiredAt),
              `: proceeds ${money(p.proceedsCents)} − ${costWord(app.client, true)} ${money(p.costBasisCents)} = ${signed(p.gainCents)}${app.client.jurisdictionRules.hasHoldingTerms ? `, ${termWord(app.client, p.term, true)}` : ''}${p.box ? `, Form 8949 box ${p.box}` : ''}`,
              p.isMissingBasis ? h('span', { class: 'badge critical' }, 'Basis unknown') : '']))),
        pieces.length === 0 ? h('p', { class: 'muted' }, 'The lots behind this disposal appear once your taxes are recalculated.') : ''));
    }
    for (const t of incomes) {
      parts.push(h('div', { class: 'why' }, h('h3', {}, `Income: ${qty(t.amountExact)} ${t.asset?.symbol || ''}`),
        h('p', {}, `Counted as income of ${money(t.incomeSum)}, its market value when received. That value is also the ${costWord(app.client, true)} of the coins, for when you sell them.`)));
    }
    for (const t of acquisitions) {
      const own = lots.filter((l) => l.key === t.asset?.pricingKey).flatMap((l) => l.lots);
      const sym = t.asset?.symbol || '';
      parts.push(h('div', { class: 'why' }, h('h3', {}, `Acquisition of ${qty(t.amountExact)} ${sym}`),
        t.basisFiatValueCents === null || t.basisFiatValueCents === undefined
          ? h('p', {}, `No price is known for this receipt, so its coins have an unknown ${costWord(app.client, true)}: a later sale of them counts in full as a gain. Set its value above.`)
          : h('p', {}, `${costWord(app.client)} ${money(t.basisFiatValueCents)}: what was paid or given for it, fees included.`),
        own.length
          ? h('p', { class: 'muted' }, `Still held from it: ${own.map((l) => `${qty(l.amountExact)} of ${qty(l.originalAmountExact)} ${sym} (${costWord(app.client, true)} ${money(l.costBasisCents)}${app.client.jurisdictionRules.hasHoldingTerms ? `, ${termWord(app.client, l.term, true)} if sold now` : ''})`).join('; ')}.`)
          : h('p', { class: 'muted' }, 'Nothing of it is held any more: it was sold, spent or moved on.')));
    }
    if (parts.length === 0) parts.push(h('p', { class: 'muted' }, 'This transaction has no tax effect: nothing was sold, spent or earned.'));
    root.append(...parts);
  } catch (err) {
    root.replaceChildren(problem(err, () => explain(app, tx, root)));
  }
}

function methodName(m: string): string {
  return ({ FIFO: 'first in, first out (FIFO)', LIFO: 'last in, first out (LIFO)', HIFO: 'highest cost first (HIFO)', LOFO: 'lowest cost first (LOFO)', AVERAGE_COST: 'at their average cost' } as Record<string, string>)[m] || m;
}

function fixPanel(ctx: Ctx, tx: Tx, edited: (m: string) => Promise<void>): HTMLElement {
  const { app } = ctx;
  const p = panel('fix', 'Change this transaction');
  const msg = h('div', { role: 'status', 'aria-live': 'polite' });

  // Label
  const labelSel = select('label', [['', 'Loading labels…']]);
  labelSel.disabled = true;
  const saveLabel = h('button', { type: 'submit', id: 'save-label' }, 'Save label') as HTMLButtonElement;
  const help = h('p', { class: 'muted small', id: 'label-help' });
  app.q(Q.LABEL_OPTIONS, { id: tx.id })
    .then((r) => {
      const o = r.getTransactionTypeOptions;
      const rec = new Set(o.recommended.map((x) => x.value));
      labelSel.replaceChildren(h('option', { value: '' }, 'No label'),
        ...o.options.map((x) => h('option', { value: x.value }, rec.has(x.value) ? `${x.name} (suggested)` : x.name)));
      labelSel.value = tx.label || '';
      labelSel.disabled = false;
      const describeLabel = () => { help.textContent = o.options.find((x) => x.value === labelSel.value)?.description || 'Without a label, what leaves is taxed as a sale and what arrives as a purchase.'; };
      labelSel.addEventListener('change', describeLabel);
      describeLabel();
    }).catch((err) => msg.replaceChildren(problem(err)));
  const labelForm = h('form', { class: 'inline-form', id: 'label-form', onsubmit: async (e: Event) => {
    e.preventDefault();
    const v = labelSel.value;
    try {
      await busy(saveLabel, 'Saving…', () => app.q(Q.LABEL, v ? { ids: [tx.id], label: v } : { ids: [tx.id], wipe: true }));
      await edited(v ? `Labeled as ${app.labelName(v)}.` : 'Label removed.');
    } catch (err) {
      msg.replaceChildren(problem(err));
    }
  } }, field('tx-label', 'Label', labelSel, 'grow'), saveLabel);

  const actions = h('div', { class: 'actions', id: 'tx-actions' });
  // act is a one-click change; with ask, one that is hard to take back asks first.
  const act = (text: string, id: string, doing: string, run: () => Promise<unknown>, done: string, cls = 'secondary', ask?: string) => {
    const go = async (b: HTMLButtonElement) => {
      try {
        await busy(b, doing, run);
        await edited(done);
      } catch (err) {
        msg.replaceChildren(problem(err));
      }
    };
    return button(text, ask ? askFirst(ask, `Yes, ${text.charAt(0).toLowerCase()}${text.slice(1)}`, go) : (e) => go(e.currentTarget as HTMLButtonElement), cls, { id });
  };
  actions.append(
    tx.isHidden
      ? act('Unhide', 'unhide-tx', 'Unhiding…', () => app.q(Q.HIDE, { id: tx.id, hidden: false }), 'The transaction counts again.')
      : act('Hide', 'hide-tx', 'Hiding…', () => app.q(Q.HIDE, { id: tx.id, hidden: true }), 'Hidden: the transaction no longer counts in your taxes.'),
    act(tx.isReviewed ? 'Mark as not reviewed' : 'Mark as reviewed', 'review-tx', 'Saving…', () => app.q(Q.REVIEWED, { id: tx.id, reviewed: !tx.isReviewed }),
      tx.isReviewed ? 'Marked as not reviewed.' : 'Marked as reviewed.'));
  if (tx.isMissingBasis) {
    actions.append(act(`Accept a zero ${costWord(app.client, true)}`, 'accept-basis', 'Saving…', () => app.q(Q.ACCEPT_BASIS, { ids: [tx.id], override: true }),
      `Accepted: this transaction is no longer flagged for its missing ${costWord(app.client, true)}.`, 'secondary',
      `Count the coins it disposes of with a zero ${costWord(app.client, true)}? Their whole value becomes a gain.`));
  }

  // Pairing as an internal transfer
  const pair = h('div', { id: 'tx-pair' });
  if (tx.isInternalTransfer && tx.linkedTransactionId) {
    const leaves = tx.transfers.some((t) => t.direction === 'OUTGOING' || (t.fromAccountId && !t.isFee));
    const [from, to] = leaves ? [tx.id, tx.linkedTransactionId] : [tx.linkedTransactionId, tx.id];
    pair.append(h('p', {}, `Paired ${tx.linkType === 'BRIDGE' ? 'as a bridge' : tx.linkType === 'CROSS_CHAIN_SWAP' ? 'as a cross-chain swap' : 'as a move between your own accounts'} with `,
      h('a', { href: `#/transactions/${tx.linkedTransactionId}`, 'data-other-side': '' }, 'the other side'), '.'),
    act('Unpair', 'unpair-tx', 'Unpairing…', () => app.q(Q.UNPAIR, { from, to }), 'Unpaired: both sides count on their own again.', 'secondary',
      'Unpair these two transactions? The sending side then counts as a sale and the other as a purchase.'));
  } else {
    app.q(Q.PAIRS, { id: tx.id, limit: 1 }).then((r) => {
      const s = r.getTransferPairSuggestions[0];
      if (s) pair.append(pairCard(app, s, async () => { await edited('Paired as a move between your own accounts.'); }));
    }).catch((err) => pair.append(problem(err)));
  }

  p.body.append(labelForm, help, pair, actions, msg);
  return p.el;
}

const FIELDS: Record<string, string> = {
  label: 'Label', isHidden: 'Hidden', isReviewed: 'Reviewed', notes: 'Notes', fiatValue: 'Value', basisFiatValue: 'Cost basis',
  internalTransferTo: 'Move between your accounts', bridgeTo: 'Bridge', crossChainSwapTo: 'Cross-chain swap',
  isMissingBasisOverride: 'Missing cost basis accepted', createdAt: 'Date', amount: 'Quantity', quantity: 'Quantity', assetId: 'Asset',
};

const LINK_FIELDS = new Set(['internalTransferTo', 'bridgeTo', 'crossChainSwapTo']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function show(field: string | null | undefined, v: unknown): string {
  if (field && LINK_FIELDS.has(field)) return v ? 'paired' : 'not paired';
  if (v === null || v === undefined || v === '') return field === 'label' ? 'no label' : 'nothing';
  if (typeof v === 'string' && UUID.test(v)) return field === 'assetId' ? 'another asset' : 'another one';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (field === 'label' && typeof v === 'string') return v.replace(/_/g, ' ');
  if ((field === 'fiatValue' || field === 'basisFiatValue') && (typeof v === 'string' || typeof v === 'number')) return money(Math.round(Number(v) * 100));
  if (typeof v === 'string') return v.length > 40 ? `${v.slice(0, 37)}…` : v;
  return JSON.stringify(v).slice(0, 40);
}

// showUndone shows the undone changes in a history beside those in force.
let showUndone = false;

async function history(app: App, tx: Tx, root: HTMLElement, edited: (m: string) => Promise<void>) {
  try {
    const r = await app.q(Q.AUDIT, { ids: [tx.id] });
    const logs = r.getClientAuditLogs.auditLogs;
    clear(root);
    if (logs.length === 0) {
      root.append(h('p', { class: 'muted', id: 'history-empty' }, 'No changes since it was imported.'));
      return;
    }
    const msg = h('div', { role: 'status' });
    // What is in force by default: a change undone (and the undo of an undo) is shown on request.
    const undone = logs.filter((l) => l.undoneAt).length;
    const shown = showUndone ? logs : logs.filter((l) => !l.undoneAt);
    const toggle = undone ? button(showUndone ? 'Show only the changes in force' : `Show ${undone === 1 ? 'the undone change' : `the ${undone} undone changes`} too`, () => {
      showUndone = !showUndone;
      history(app, tx, root, edited).then(() => document.getElementById('history-toggle')?.focus());
    }, 'link small', { id: 'history-toggle' }) : '';
    root.append(h('ul', { class: 'history', id: 'history-list' }, ...shown.map((l) => {
      const what = l.field ? `${FIELDS[l.field] || l.field}: ${show(l.field, l.oldValue)} → ${show(l.field, l.newValue)}`
        : l.action.replace(/^\w+\./, '').replace(/_/g, ' ');
      const who = l.actorType === 'USER' ? 'you' : l.actorType === 'API_KEY' ? 'an app' : l.actorType === 'STAFF' ? 'support'
        : `${app.brand.name} or an import`;
      return h('li', { 'data-audit': l.id, class: l.undoneAt ? 'undone' : '' },
        h('span', {}, h('strong', {}, what), h('span', { class: 'muted small' }, ` · ${when(l.createdAt)} · by ${who}`),
          l.undoneAt ? h('span', { class: 'badge muted' }, 'Undone') : ''),
        l.canUndo ? button('Undo', async (e) => {
          try {
            await busy(e.currentTarget as HTMLButtonElement, 'Undoing…', () => app.q(Q.UNDO, { ids: [l.id] }));
            await edited(`Undone: ${what}.`);
          } catch (err) {
            msg.replaceChildren(problem(err));
          }
        }, 'secondary small', { 'data-undo': l.id }) : '');
    })), shown.length === 0 ? h('p', { class: 'muted', id: 'history-none' }, 'Every change here was undone.') : '', toggle, msg,
    r.getClientAuditLogs.total > logs.length ? h('p', { class: 'muted small' }, `The latest ${logs.length} of ${r.getClientAuditLogs.total} changes.`) : '');
  } catch (err) {
    root.replaceChildren(problem(err, () => history(app, tx, root, edited)));
  }
}


// matched describes a disposal piece matched under GB or CA rules.
function matched(p: { amountExact: string; match?: string | null; lotAcquiredAt?: string | null; lotTransactionId?: string | null; proceedsCents: number; costBasisCents: number; gainCents: number; deniedLossExact?: string | null }, sym: string) {
  const when = p.lotTransactionId ? h('a', { href: `#/transactions/${p.lotTransactionId}` }, day(p.lotAcquiredAt)) : day(p.lotAcquiredAt);
  const head = p.match === 'SAME_DAY' ? [`${qty(p.amountExact)} ${sym} matched with the same day’s acquisitions`]
    : p.match === 'THIRTY_DAY' ? [`${qty(p.amountExact)} ${sym} matched with the acquisition of `, when, ' (within 30 days)']
    : p.match === 'POOL' ? [`${qty(p.amountExact)} ${sym} from the section 104 pool, at its average cost`]
    : [`${qty(p.amountExact)} ${sym} at the adjusted cost base`];
  const denied = p.deniedLossExact ? Math.round(Number(p.deniedLossExact) * 100) : 0;
  return [...head, `: proceeds ${money(p.proceedsCents)} − cost ${money(p.costBasisCents)} = ${signed(p.gainCents)}`,
    denied ? h('span', { class: 'badge warning', 'data-denied': denied }, `Superficial loss denied: ${money(denied)}`) : ''];
}
