// DeFi positions on the portfolio page: the coins in each liquidity pool, lending market or staking
// contract (getPortfolioV2's rows with a defiPosition), with what they cost and are worth, and the
// receipt tokens held for them (isReceipt), which are not counted a second time.

import { h, clear, money, signed, qty, percent } from '../dom';

// DefiRow is what the view reads of a getPortfolioV2 row.
export interface DefiRow {
  assetId: string;
  asset?: { symbol: string; name: string } | null;
  amountExact: string;
  price?: number | null;
  valueCents?: number | null;
  costBasisCents: number;
  unrealizedGainCents?: number | null;
  unrealizedGainPercent?: number | null;
  isReceipt: boolean;
  defiPosition?: { id: string; name: string } | null;
}

// isDefi reports whether a row belongs to this view rather than the holdings table.
export const isDefi = (x: DefiRow) => x.isReceipt || !!x.defiPosition;

const symbol = (x: DefiRow) => x.asset?.symbol || '?';

// renderDefi fills body with one table per position and the receipts no position is known for; it
// returns whether there is any (a client without DeFi positions sees no panel).
export function renderDefi(body: HTMLElement, rows: DefiRow[]): boolean {
  clear(body);
  const groups = new Map<string, { name: string; coins: DefiRow[]; receipts: DefiRow[] }>();
  const loose: DefiRow[] = [];
  for (const x of rows.filter(isDefi)) {
    if (!x.defiPosition) { loose.push(x); continue; }
    const g = groups.get(x.defiPosition.id) || { name: x.defiPosition.name, coins: [], receipts: [] };
    (x.isReceipt ? g.receipts : g.coins).push(x);
    groups.set(x.defiPosition.id, g);
  }
  if (groups.size === 0 && loose.length === 0) return false;
  body.append(h('p', {}, 'Coins you put into a pool, a lending market or staking are still yours for tax: moving them in or out is not a sale, and they keep what you paid for them. The tokens you got back for them (LP tokens, aTokens, stETH and the like) stand for these coins, so they are not counted again.'));
  for (const [id, g] of groups) {
    const title = h('h3', {}, g.name);
    const section = h('div', { class: 'defi-position', 'data-position': id }, title);
    if (g.coins.length) {
      section.append(h('table', { class: 'table cards' },
        h('caption', { class: 'sr-only' }, `Coins in the ${g.name}`),
        h('thead', {}, h('tr', {}, ...['Asset', 'Quantity', 'Value', 'Cost basis', 'Unrealized'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...g.coins.map((x) => h('tr', { 'data-asset': x.assetId },
          h('td', { 'data-label': 'Asset' }, h('strong', {}, symbol(x))),
          h('td', { 'data-label': 'Quantity', class: 'num' }, qty(x.amountExact)),
          h('td', { 'data-label': 'Value', class: 'num' }, x.valueCents === null || x.valueCents === undefined ? h('span', { class: 'badge muted' }, 'No price') : money(x.valueCents)),
          h('td', { 'data-label': 'Cost basis', class: 'num' }, money(x.costBasisCents)),
          h('td', { 'data-label': 'Unrealized', class: 'num' }, x.unrealizedGainCents === null || x.unrealizedGainCents === undefined ? '—'
            : h('span', { class: x.unrealizedGainCents < 0 ? 'loss' : 'gain' }, `${signed(x.unrealizedGainCents)} (${percent(x.unrealizedGainPercent)})`)))))));
    } else {
      section.append(h('p', { class: 'muted small' }, 'Your last calculation shows no coins in this position. Recalculate if you deposited recently.'));
    }
    if (g.receipts.length) {
      section.append(h('p', { class: 'muted small' }, `Receipt held: ${g.receipts.map((x) => `${qty(x.amountExact)} ${symbol(x)}`).join(', ')}. Its value is the coins above.`));
    }
    body.append(section);
  }
  if (loose.length) {
    body.append(h('p', { class: 'muted small', id: 'defi-receipts' },
      `Other receipt tokens held: ${loose.map((x) => `${qty(x.amountExact)} ${symbol(x)}`).join(', ')}. They stand for coins in a position or for a loan, so they have no value of their own here.`));
  }
  return true;
}
