// Transactions as the views show them: a one-line description, the flags, the gain or income.

import { App, costWord } from '../app';
import { h, qty, signed, money } from '../dom';
import * as Q from '../gql';
import type { PortalTxRowFragment, PortalTransactionLotsQuery } from '../generated/graphql';

export type TxRow = PortalTxRowFragment;
export type TxTransfer = TxRow['transfers'][number];

function leg(t: TxTransfer): string { return `${qty(t.amountExact)} ${t.asset?.symbol || '?'}`; }

const OUT_VERBS: Record<string, string> = { sell: 'Sold', gift_sent: 'Gave away', donation: 'Donated', lost: 'Lost', payment: 'Paid with', fee: 'Paid a fee of' };
const IN_VERBS: Record<string, string> = {
  buy: 'Bought', staking_reward: 'Earned', mining: 'Mined', airdrop: 'Received an airdrop of', interest: 'Earned interest of',
  reward: 'Earned', income: 'Was paid', gift_received: 'Was given',
};

// describe says what a transaction did in a few words: "Received 12 SOL", "0.1 BTC → 6,000 USDC".
export function describe(tx: TxRow): string {
  const main = tx.transfers.filter((t) => !t.isFee);
  const outs = main.filter((t) => t.direction === 'OUTGOING'), ins = main.filter((t) => t.direction === 'INCOMING');
  const moves = main.filter((t) => t.direction === 'INTERNAL');
  if (main.length === 0) return tx.transfers.length ? `Fee of ${leg(tx.transfers[0])}` : 'No transfers';
  if (outs.length && ins.length) return `${outs.map(leg).join(' + ')} → ${ins.map(leg).join(' + ')}`;
  if (moves.length && !outs.length && !ins.length) return `Moved ${moves.map(leg).join(' + ')}`;
  const l = tx.label || '';
  if (outs.length) return `${OUT_VERBS[l] || 'Sent'} ${outs.map(leg).join(' + ')}`;
  return `${IN_VERBS[l] || 'Received'} ${ins.map(leg).join(' + ')}`;
}

// flags are the badges of a transaction's state.
export function flags(tx: TxRow, app: App): HTMLElement[] {
  const out: HTMLElement[] = [];
  const b = (cls: string, text: string) => out.push(h('span', { class: `badge ${cls}` }, text));
  if (tx.isMissingBasis) b('critical', `Missing ${costWord(app.client, true)}`);
  if (tx.hasNegativeBalance) b('warning', 'Negative balance');
  if (tx.isInternalTransfer) b('info', 'Internal transfer');
  if (tx.isHidden) b('muted', 'Hidden');
  if (tx.isSpam) b('muted', 'Spam');
  if (tx.isDirty) b('info', 'Changed; recalculate');
  return out;
}

// unpriced says a transaction is missing a basis and shows no value: a price is what it lacks, so it
// reads "No price" rather than 0.00.
export function unpriced(tx: TxRow): boolean {
  return !!tx.isMissingBasis && !tx.fiatValueCents;
}

// effect is the gain, loss or income a transaction recorded.
export function effect(tx: TxRow): HTMLElement | string {
  if (unpriced(tx) && !Number(tx.capGainsSumSigned ?? 0) && !tx.incomeSum) return h('span', { class: 'badge critical' }, 'No price');
  if (tx.capGainsSumSigned !== null && tx.capGainsSumSigned !== undefined) {
    const c = Number(tx.capGainsSumSigned);
    return h('span', { class: c < 0 ? 'loss' : 'gain' }, `${c < 0 ? 'Loss' : 'Gain'} ${signed(c)}`);
  }
  if (tx.incomeSum) return h('span', { class: 'income' }, `Income ${money(tx.incomeSum)}`);
  return '';
}

// labelOf names a transaction's kind: its label, or a transfer between the client's accounts for
// a side of a pair (the link labels it).
export function labelOf(app: App, tx: { label?: string | null; isInternalTransfer: boolean }): string {
  return !tx.label && tx.isInternalTransfer ? 'Transfer between your accounts' : app.labelName(tx.label);
}

export function txTitle(app: App, tx: TxRow): string {
  return `${labelOf(app, tx)}: ${describe(tx)}`;
}

export type TransactionLots = PortalTransactionLotsQuery['getTaxLots'];

// transactionLots reads every page of one transaction's lots and disposal pieces of an asset.
export async function transactionLots(app: App, key: string, id: string): Promise<TransactionLots> {
  const first = (await app.q(Q.TX_LOTS, { key, id })).getTaxLots;
  const out = { ...first, lots: [...first.lots], disposals: [...first.disposals] };
  for (let after = first.nextCursor; after; ) {
    const page = (await app.q(Q.TX_LOTS, { key, id, after })).getTaxLots;
    out.lots.push(...page.lots);
    out.disposals.push(...page.disposals);
    after = page.nextCursor;
  }
  out.nextCursor = null;
  return out;
}
