// Needs review: the review queue (getClientReviewQueue): each transaction once, under the first of
// its problems in the order of fixes, with its other problems named, each item with its fix right there: a price for a receipt without one, a label, a pair of moves
// between own accounts, a spam token, a zero basis accepted. Fixes that change the tax results take
// effect with the recalculation that follows them by itself.

import { App, problem } from '../app';
import type { Ctx } from '../ctx';
import { h, clear, day, loading, empty, button, busy, field, select, qty, announce, askFirst } from '../dom';
import * as Q from '../gql';
import type { PortalReviewQueueQuery } from '../generated/graphql';
import { describe, labelOf, TxRow, transactionLots } from './tx';
import { pairCard } from './pairs';

type Group = PortalReviewQueueQuery['getClientReviewQueue']['groups'][number];
type Item = PortalReviewQueueQuery['getClientReviewQueue']['items'][number];

// refocus is the group whose item was just fixed: once the queue is drawn again, the focus goes to
// that group's next item (else to the total), never to the page's top.
let refocus: string | undefined;

const SEVERITY: Record<string, string> = { CRITICAL: 'Makes figures wrong', WARNING: 'Likely wrong', INFO: 'Worth a look' };
const SHOWN = 5;

// Plain explanations of the derived insights (the API's descriptions name operations).
const EXPLAIN: Record<string, string> = {
  MISSING_BASIS: 'These sales use coins whose purchase price is unknown, so their whole value counts as a gain. Give the receipt a price, or accept a zero cost basis if you really paid nothing.',
  UNCOVERED_DISPOSALS: 'These transactions send or sell more than your accounts held at the time. Usually an account or a purchase is missing: add it, or pair the move that brought the coins.',
  NEGATIVE_BALANCE: 'An account sent more of an asset than it held. Add the missing account or transaction, or hide a duplicate.',
  UNLABELED_TRANSACTIONS: 'Without a label, what leaves an account counts as a sale and what arrives as a purchase. Label income, gifts and fees as such.',
  POSSIBLE_INTERNAL_TRANSFER: 'A withdrawal followed by a deposit of nearly the same amount into another of your accounts. Unpaired, the first counts as a sale and the second as a purchase.',
  POSSIBLE_SPAM: 'A token whose name advertises a website or a claim, as airdropped spam does. Never visit the site; mark the token as spam to leave it out of your figures.',
  NEEDS_REVIEW_CLASSIFICATION: 'No rule recognised these on-chain transactions with confidence, so what arrived counts as a purchase and what left as a sale. Open each one to see what was read, then label it, or confirm that the reading is right.',
};
// A problem named beside an item listed under another one.
const PROBLEM: Record<string, string> = {
  MISSING_BASIS: 'no cost basis', UNCOVERED_DISPOSALS: 'sends more than the account held', NEGATIVE_BALANCE: 'a balance below zero',
  UNLABELED_TRANSACTIONS: 'no label', POSSIBLE_INTERNAL_TRANSFER: 'looks like a move between your accounts', POSSIBLE_SPAM: 'looks like spam',
  NEEDS_REVIEW_CLASSIFICATION: 'read with low confidence',
};
const RESULT_BASED = new Set(['MISSING_BASIS', 'UNCOVERED_DISPOSALS', 'NEGATIVE_BALANCE']);

export function review(ctx: Ctx, root: HTMLElement, _params: URLSearchParams) {
  const { app } = ctx;
  const box = h('div', { class: 'recalc-box', id: 'review-recalc' });
  const queue = h('div', { id: 'review-queue', 'aria-live': 'polite' }, loading('what needs review'));
  root.append(h('h1', {}, 'Needs review'),
    h('p', { class: 'lead' }, 'What can make your tax figures wrong, most serious first. Fix each item here; the counts fall as you go.'),
    box, queue);

  // Fixed items whose effect waits for a recalculation; a finished one shows the fresh list.
  const pending = new Set<string>();
  const showState = () => {
    const st = ctx.recalc.state;
    if (st === 'settled') pending.clear();
    box.dataset.state = st;
    box.replaceChildren(
      h('p', {}, st === 'settled' ? 'Your figures include every change.' : st === 'dirty'
        ? (ctx.recalc.scheduled ? 'Your figures are updated with your fixes in a moment.'
          : 'Some fixes are not in your figures yet: prices, pairs and labels change your taxes once they are recalculated.')
        : st === 'unreachable' ? 'We can’t reach the server right now; fixes wait until it answers again.' : 'Updating your figures with your fixes…'),
      st === 'dirty' ? button(ctx.recalc.scheduled ? 'Update now' : 'Recalculate now', () => ctx.recalc.start(), '', { id: 'review-recalculate' }) : '');
  };
  showState();
  const offState = ctx.recalc.onState(showState);

  const edited = async (message: string) => {
    announce(message);
    app.ledgerChanged('edit');
    await ctx.recalc.refresh();
  };

  // What the person typed or picked in the queue's forms, by the control's id: the queue is drawn
  // again when the figures change, and the new forms take it back (a submitted form's is dropped).
  const drafts = new Map<string, string>();
  const keep = (e: Event) => {
    const c = e.target as HTMLInputElement | HTMLSelectElement;
    if (c.id && (c.tagName === 'INPUT' || c.tagName === 'SELECT' || c.tagName === 'TEXTAREA')) drafts.set(c.id, c.value);
  };
  queue.addEventListener('input', keep);
  queue.addEventListener('change', keep);
  queue.addEventListener('submit', (e) => {
    for (const c of (e.target as HTMLFormElement).querySelectorAll<HTMLElement>('[id]')) drafts.delete(c.id);
  });

  // loads counts the loads started: only the latest one draws. The queue says while one runs
  // (data-loading) and how often it was drawn (data-drawn).
  let loads = 0, drawn = 0;
  const load = async () => {
    const mine = ++loads;
    queue.dataset.loading = 'true';
    try {
      const q = (await app.q(Q.REVIEW_QUEUE, { limit: 1 })).getClientReviewQueue;
      const next = q.totalCount === 0 ? [] : await Promise.all(q.groups.map((g) => card(ctx, g, pending, edited)));
      if (mine !== loads) return;
      // drawn again while the person works in a form: the same control keeps the focus (and the
      // caret); elsewhere in a card, the focus goes back to that card
      const active = document.activeElement as HTMLInputElement | null;
      const inQueue = !!active && queue.contains(active) && active !== queue;
      const focusId = inQueue && active!.id && active!.matches('input, select, textarea') ? active!.id : undefined;
      let caret: [number | null, number | null] = [null, null];
      try { caret = focusId && active!.tagName === 'INPUT' ? [active!.selectionStart, active!.selectionEnd] : [null, null]; } catch { /* a number input has no caret */ }
      if (!focusId && inQueue) refocus ||= active!.closest<HTMLElement>('[data-insight]')?.dataset.insight;
      ctx.reviewCount(q.totalCount);
      clear(queue);
      queue.dataset.drawn = String(++drawn);
      if (q.totalCount === 0) {
        queue.append(empty('Nothing to review: your transactions are labeled, priced and paired.', 'review-empty'));
        if (refocus) {
          refocus = undefined;
          const done = document.getElementById('review-empty');
          done?.setAttribute('tabindex', '-1');
          done?.focus();
        }
        return;
      }
      queue.append(h('p', { id: 'review-total', 'data-count': q.totalCount, tabindex: '-1' },
        q.totalCount === 1 ? '1 transaction to review.' : `${q.totalCount} transactions to review, each listed once under its most pressing problem.`),
        ...next);
      for (const [id, value] of drafts) restore(document.getElementById(id), value);
      const again = focusId ? document.getElementById(focusId) as HTMLInputElement | null : null;
      if (again) {
        again.focus();
        try { if (caret[0] !== null) again.setSelectionRange(caret[0], caret[1]); } catch { /* no caret */ }
      } else if (refocus) {
        const items = queue.querySelector<HTMLElement>(`[data-insight="${CSS.escape(refocus)}"] .items`);
        refocus = undefined;
        (items?.querySelector<HTMLElement>('a, select, input, button') || document.getElementById('review-total'))?.focus();
      }
    } catch (err) {
      if (mine === loads) queue.replaceChildren(problem(err, load));
    } finally {
      if (mine === loads) delete queue.dataset.loading;
    }
  };
  load();
  const off = app.onChange(load);
  return () => { off(); offState(); };
}

// card is the card of a group, once its items are filled in.
async function card(ctx: Ctx, g: Group, pending: Set<string>, edited: (m: string) => Promise<void>): Promise<HTMLElement> {
  const items = h('div', { class: 'items' }, loading('the items'));
  const id = `ins-${g.patternId.replace(/[^a-z0-9-]/gi, '-')}`;
  const el = h('section', { class: `insight ${g.severity.toLowerCase()}`, 'data-insight': g.patternId, 'aria-labelledby': id },
    h('div', { class: 'insight-head' },
      h('span', { class: `badge ${g.severity.toLowerCase()}` }, SEVERITY[g.severity] || g.severity),
      h('h2', { id }, g.title),
      h('span', { class: 'insight-count', 'data-insight-count': g.count }, String(g.count))),
    h('p', {}, EXPLAIN[g.type] || ''),
    RESULT_BASED.has(g.type) ? h('p', { class: 'muted small' }, 'This list changes when your taxes are recalculated after a fix.') : '',
    items,
    g.type !== 'POSSIBLE_SPAM' && g.count > SHOWN ? h('p', {}, h('a', { href: `#/transactions?review=${encodeURIComponent(g.patternId)}` },
      'See every transaction with this problem in Transactions')) : '');
  await fill(ctx, g, items, pending, edited).catch((err) => items.replaceChildren(problem(err)));
  return el;
}

// restore gives a control drawn again what the person had typed or picked in it; a select whose
// options are still loading takes it when they arrive.
function restore(c: HTMLElement | null, value: string) {
  if (!c) return;
  if (c instanceof HTMLSelectElement) {
    const set = () => [...c.options].some((o) => o.value === value) && ((c.value = value), true);
    if (!set()) {
      const watch = new MutationObserver(() => { if (set()) watch.disconnect(); });
      watch.observe(c, { childList: true });
    }
  } else if (c instanceof HTMLInputElement || c instanceof HTMLTextAreaElement) {
    c.value = value;
  }
}

async function fill(ctx: Ctx, g: Group, root: HTMLElement, pending: Set<string>, edited: (m: string) => Promise<void>) {
  const { app } = ctx;
  if (g.type === 'POSSIBLE_INTERNAL_TRANSFER') {
    const r = await app.q(Q.PAIRS, { limit: SHOWN });
    clear(root);
    for (const s of r.getTransferPairSuggestions) {
      const c = pairCard(app, s, async () => {
        refocus = g.patternId;
        c.replaceChildren(h('p', { class: 'notice ok' }, 'Paired as a move between your accounts.'));
        await edited('Paired as a move between your accounts.');
      });
      root.append(c);
    }
    return;
  }
  const assetId = g.assetId;
  if (g.type === 'POSSIBLE_SPAM' && assetId) {
    clear(root);
    const msg = h('div', { role: 'status' });
    const b = button('Mark as spam', async () => {
      try {
        await busy(b, 'Marking…', () => app.q(Q.MARK_SPAM, { assetId, spam: true }));
        root.replaceChildren(h('p', { class: 'notice ok' }, 'Marked as spam: its transactions are left out of your figures.'));
        await edited('Marked as spam.');
      } catch (err) {
        msg.replaceChildren(problem(err));
      }
    }, 'small', { 'data-spam': assetId });
    root.append(b, msg);
    return;
  }
  const queued = (await app.q(Q.REVIEW_QUEUE, { patternId: g.patternId, limit: SHOWN })).getClientReviewQueue.items;
  const also = new Map<string, Item>(queued.map((it) => [it.transactionId, it]));
  const r = queued.length ? await app.q(Q.TX_PAGE, { onlyTransactionIds: queued.map((it) => it.transactionId), limit: SHOWN }) : null;
  await app.accounts().then((a) => { app.accountCache = a; });
  clear(root);
  const list = h('ul', { class: 'review-items' });
  root.append(list);
  const txs = r ? r.getClientTransactions.transactions : [];
  for (const tx of queued.map((it) => txs.find((t) => t.id === it.transactionId)).filter((t): t is TxRow => !!t)) {
    const li = h('li', { 'data-review-item': tx.id });
    const fixed = (m: string) => async () => {
      pending.add(tx.id);
      refocus = g.patternId;
      li.replaceChildren(h('p', { class: 'notice ok' }, m));
      await edited(m);
    };
    if (pending.has(tx.id)) {
      li.append(h('p', { class: 'notice ok' }, `${day(tx.createdAt)} · ${describe(tx)}: fixed.`));
      list.append(li);
      continue;
    }
    li.append(h('p', {}, h('a', { href: `#/transactions/${tx.id}` }, `${day(tx.createdAt)} · ${labelOf(app, tx)}`), ` · ${describe(tx)} · ${app.accountName(tx.accountId)}`));
    const others = (also.get(tx.id)?.problems || []).slice(1).map((p) => PROBLEM[p]).filter(Boolean);
    if (others.length) li.append(h('p', { class: 'muted small', 'data-also': tx.id }, `Also: ${others.join('; ')}.`));
    const fix = h('div', { class: 'fix' });
    li.append(fix);
    list.append(li);
    switch (g.type) {
      case 'UNLABELED_TRANSACTIONS': labelFix(app, tx, fix, fixed); break;
      case 'NEEDS_REVIEW_CLASSIFICATION': labelFix(app, tx, fix, fixed); confirmFix(app, tx, fix, fixed); break;
      case 'MISSING_BASIS': await priceFix(app, tx, fix, fixed); break;
      case 'UNCOVERED_DISPOSALS': acceptFix(app, tx, fix, fixed); break;
      case 'NEGATIVE_BALANCE': hideFix(app, tx, fix, fixed); break;
      default: break;
    }
  }
}

type Fixed = (m: string) => () => Promise<void>;

// act makes b do run; with ask, it asks first (a change that is hard to take back).
function act(b: HTMLButtonElement, doing: string, msg: HTMLElement, run: () => Promise<unknown>, done: () => Promise<void>, ask?: string) {
  const go = async () => {
    try {
      await busy(b, doing, run);
      await done();
    } catch (err) {
      msg.replaceChildren(problem(err));
    }
  };
  b.addEventListener('click', ask ? askFirst(ask, `Yes, ${(b.textContent || '').charAt(0).toLowerCase()}${(b.textContent || '').slice(1)}`, go) : go);
}

const ZERO_BASIS_QUESTION = 'Count these coins with nothing paid for them? Their whole value becomes a gain.';

function labelFix(app: App, tx: TxRow, root: HTMLElement, fixed: Fixed) {
  const sel = select('label', [['', 'Choose a label']]);
  const save = h('button', { type: 'submit', class: 'small' }, 'Save label') as HTMLButtonElement;
  const msg = h('div', { role: 'status' });
  app.q(Q.LABEL_OPTIONS, { id: tx.id })
    .then((r) => {
      const rec = new Set(r.getTransactionTypeOptions.recommended.map((x) => x.value));
      sel.append(...r.getTransactionTypeOptions.options.map((o) => h('option', { value: o.value }, rec.has(o.value) ? `${o.name} (suggested)` : o.name)));
    }).catch((err) => msg.replaceChildren(problem(err)));
  const id = `label-${tx.id}`;
  root.append(h('form', { class: 'inline-form', 'data-label-form': tx.id, onsubmit: async (e: Event) => {
    e.preventDefault();
    if (!sel.value) {
      msg.replaceChildren(h('p', { class: 'notice error' }, 'Choose a label first.'));
      return;
    }
    try {
      await busy(save, 'Saving…', () => app.q(Q.LABEL, { ids: [tx.id], label: sel.value }));
      await fixed(`Labeled as ${app.labelName(sel.value)}.`)();
    } catch (err) {
      msg.replaceChildren(problem(err));
    }
  } }, field(id, 'Label', sel), save), msg);
}

// confirmFix marks the transaction reviewed: the person agrees with the rules' reading.
function confirmFix(app: App, tx: TxRow, root: HTMLElement, fixed: Fixed) {
  const ok = h('button', { type: 'button', class: 'small secondary', 'data-confirm': tx.id }, 'The reading is right') as HTMLButtonElement;
  const msg = h('div', { role: 'status' });
  act(ok, 'Saving…', msg, () => app.q(Q.REVIEWED, { id: tx.id, reviewed: true }), fixed('Marked as reviewed.'));
  root.append(ok, msg);
}

// priceFix finds the receipt whose missing price left this sale without a cost basis (the lot its
// pieces came from) and asks for the price per unit it was worth when received.
async function priceFix(app: App, tx: TxRow, root: HTMLElement, fixed: Fixed) {
  const msg = h('div', { role: 'status' });
  try {
    const full = (await app.q(Q.TX, { id: tx.id })).getTransaction;
    const sold = full.transfers.filter((t) => t.capGainsSumSigned !== null && t.capGainsSumSigned !== undefined && t.asset);
    const keys = [...new Set(sold.map((t) => t.asset!.pricingKey))];
    const receipts: { tx: string; at: string; symbol: string; assetId: string; amount: string }[] = [];
    // a receipt of its own without a price: its coins have no cost basis
    for (const t of full.transfers) {
      if (t.direction === 'INCOMING' && !t.isFee && !t.isHidden && (t.fiatValueCents === null || t.fiatValueCents === undefined) && t.asset
        && !receipts.some((x) => x.tx === full.id)) {
        receipts.push({ tx: full.id, at: full.createdAt, symbol: t.asset.symbol, assetId: t.assetId, amount: t.amountExact });
      }
    }
    for (const key of keys) {
      const lots = await transactionLots(app, key, tx.id);
      for (const p of lots.disposals) {
        const t = sold.find((x) => x.id === p.transferId);
        if (p.isMissingBasis && !p.isUncovered && p.lotTransactionId && t && !receipts.some((x) => x.tx === p.lotTransactionId)) {
          receipts.push({ tx: p.lotTransactionId, at: p.lotAcquiredAt || '', symbol: t.asset!.symbol, assetId: t.assetId, amount: p.amountExact });
        }
      }
    }
    for (const rc of receipts) {
      const price = h('input', { type: 'number', min: '0', step: 'any', inputmode: 'decimal', required: true }) as HTMLInputElement;
      const save = h('button', { type: 'submit', class: 'small' }, 'Save price') as HTMLButtonElement;
      root.append(h('form', { class: 'inline-form', 'data-price-form': rc.tx, onsubmit: async (e: Event) => {
        e.preventDefault();
        const p = Number(price.value);
        if (!price.value || !isFinite(p) || p < 0) {
          msg.replaceChildren(h('p', { class: 'notice error' }, 'Enter the price per unit, for example 1.85.'));
          return;
        }
        try {
          await busy(save, 'Saving…', () => app.q(Q.SET_PRICE, { ids: [rc.tx], assetId: rc.assetId, price: p }));
          await fixed(`Saved the price of the ${rc.symbol} received on ${day(rc.at)}.`)();
        } catch (err) {
          msg.replaceChildren(problem(err));
        }
      } },
      rc.tx === full.id ? h('p', { class: 'small' }, `The ${qty(rc.amount)} ${rc.symbol} received have no price.`)
        : h('p', { class: 'small' }, `The ${qty(rc.amount)} ${rc.symbol} it sold came from `, h('a', { href: `#/transactions/${rc.tx}` }, `a receipt on ${day(rc.at)}`), ' without a price.'),
      field(`price-${rc.tx}`, `Price per ${rc.symbol} when received (${app.client.currency})`, price), save));
    }
  } catch (err) {
    msg.replaceChildren(problem(err));
  }
  const accept = button('Accept a zero cost basis', () => {}, 'secondary small');
  act(accept, 'Saving…', msg, () => app.q(Q.ACCEPT_BASIS, { ids: [tx.id], override: true }), fixed('Accepted a zero cost basis.'), ZERO_BASIS_QUESTION);
  root.append(accept, msg);
}

function acceptFix(app: App, tx: TxRow, root: HTMLElement, fixed: Fixed) {
  const msg = h('div', { role: 'status' });
  const accept = button('Accept a zero cost basis', () => {}, 'secondary small');
  act(accept, 'Saving…', msg, () => app.q(Q.ACCEPT_BASIS, { ids: [tx.id], override: true }), fixed('Accepted a zero cost basis.'), ZERO_BASIS_QUESTION);
  root.append(h('a', { href: `#/transactions/${tx.id}`, class: 'button-link small' }, 'Open and pair or edit'), accept, msg);
}

function hideFix(app: App, tx: TxRow, root: HTMLElement, fixed: Fixed) {
  const msg = h('div', { role: 'status' });
  const hide = button('Hide (a duplicate)', () => {}, 'secondary small');
  act(hide, 'Hiding…', msg, () => app.q(Q.HIDE, { id: tx.id, hidden: true }), fixed('Hidden: it no longer counts.'));
  root.append(h('a', { href: `#/transactions/${tx.id}`, class: 'button-link small' }, 'Open'), hide, msg);
}
