// A suggested pair of one-sided transactions (getTransferPairSuggestions) and its one-click fix:
// pairing them as an internal transfer.

import { App, problem } from '../app';
import { h, day, when, qty, busy } from '../dom';
import * as Q from '../gql';
import type { PortalPairsQuery } from '../generated/graphql';

export type Pair = PortalPairsQuery['getTransferPairSuggestions'][number];

function gap(from: string, to: string): string {
  const m = Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60000);
  if (m < 1) return 'at once';
  if (m < 120) return `${m} minute${m === 1 ? '' : 's'} later`;
  const hrs = Math.round(m / 60);
  return hrs < 48 ? `${hrs} hours later` : `${Math.round(hrs / 24)} days later`;
}

// pairCard shows a suggested pair with a button that pairs it; done runs once it is paired.
export function pairCard(app: App, s: Pair, done: () => Promise<void> | void): HTMLElement {
  const sym = s.asset?.symbol || '';
  const msg = h('div', { role: 'status' });
  const fee = Number(s.feeAmountExact);
  const pairButton = h('button', { type: 'button', class: 'small', 'data-pair': `${s.fromTransactionId}:${s.toTransactionId}`,
    onclick: async () => {
      try {
        await busy(pairButton, 'Pairing…', () => app.q(Q.PAIR, { from: s.fromTransactionId, to: s.toTransactionId }));
        await done();
      } catch (err) {
        msg.replaceChildren(problem(err));
      }
    } }, 'Pair as a move between my accounts') as HTMLButtonElement;
  return h('div', { class: 'pair-card', 'data-pair-card': `${s.fromTransactionId}:${s.toTransactionId}` },
    h('p', {},
      h('a', { href: `#/transactions/${s.fromTransactionId}` }, `Sent ${qty(s.sentAmountExact)} ${sym}`), ` from ${app.accountName(s.fromAccountId)} on ${day(s.sentAt)}, and `,
      h('a', { href: `#/transactions/${s.toTransactionId}` }, `received ${qty(s.receivedAmountExact)} ${sym}`), ` in ${app.accountName(s.toAccountId)} ${gap(s.sentAt, s.receivedAt)}`,
      fee > 0 ? ` (${qty(s.feeAmountExact)} ${sym} went to fees).` : '.'),
    h('p', { class: 'muted small' }, `Unpaired, the first counts as a sale on ${when(s.sentAt)} and the second as a new purchase. If both accounts are yours, pair them: the coins keep their cost basis and nothing is taxed.`),
    pairButton, msg);
}
