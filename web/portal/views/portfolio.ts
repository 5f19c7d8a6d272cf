// Portfolio: holdings with their value, cost basis and unrealized gain, the value over time, and the
// holdings that could be sold at a loss to offset gains (tax-loss harvesting).

import { panel, problem, costWord, termWord } from '../app';
import type { Ctx } from '../ctx';
import { drawValueChart } from '../chart';
import { h, clear, money, signed, qty, percent, loading, empty, day } from '../dom';
import * as Q from '../gql';
import type { HistoricalBalanceIntervalEnum } from '../generated/graphql';
import { renderDefi, isDefi } from './defi';

const RANGES: [HistoricalBalanceIntervalEnum, string][] = [['ONE_MONTH', '1 month'], ['THREE_MONTHS', '3 months'], ['YEAR_TO_DATE', 'This year'], ['ONE_YEAR', '1 year'], ['ALL_TIME', 'All time']];

export function portfolio(ctx: Ctx, root: HTMLElement) {
  const { app } = ctx;
  const totals = h('div', { class: 'cards-row', id: 'portfolio-totals', 'aria-live': 'polite' }, loading('your holdings'));
  const chart = h('figure', { class: 'chart', id: 'value-chart' });
  let range: HistoricalBalanceIntervalEnum = 'ALL_TIME';
  const rangeGroup = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Chart range' }, ...RANGES.map(([v, l]) => {
    const id = `range-${v.toLowerCase()}`;
    const input = h('input', { type: 'radio', name: 'range', id, value: v, checked: v === range,
      onchange: () => { range = v; drawChart(); } });
    return h('span', {}, input, h('label', { for: id }, l));
  }));
  const holdings = panel('holdings', 'Holdings', loading('your holdings'));
  const harvest = panel('harvest', 'Tax-loss harvesting', loading('losses you could harvest'));
  const defi = panel('defi', 'DeFi positions');
  defi.el.hidden = true; // shown once the holdings say there are positions
  root.append(h('h1', {}, 'Portfolio'), totals, panel('value', 'Value over time', rangeGroup, chart).el, holdings.el, defi.el, harvest.el);

  const drawChart = async () => {
    chart.replaceChildren(loading('the chart'));
    try {
      const r = await app.q(Q.CHART, { interval: range });
      const c = r.getChart;
      const svg = drawValueChart(chart, c.points, `Portfolio value and ${costWord(app.client, true)}, ${RANGES.find(([v]) => v === range)?.[1].toLowerCase()}`, costWord(app.client));
      chart.replaceChildren(svg, svg.tagName === 'svg'
        ? h('figcaption', {}, `Change over the range: ${signed(c.changeCents)}${c.changePercent === null || c.changePercent === undefined ? '' : ` (${percent(c.changePercent)})`}. Coins without a price on a day add nothing to that day.`) : '');
    } catch (err) {
      chart.replaceChildren(problem(err, drawChart));
    }
  };

  const load = async () => {
    try {
      const all = (await app.q(Q.PORTFOLIO)).getPortfolioV2;
      // The coins in DeFi positions and the receipts held for them have a panel of their own.
      const p = { ...all, positions: all.positions.filter((x) => !isDefi(x)) };
      const card = (key: string, title: string, value: string, sub = '') =>
        h('div', { class: 'card', 'data-figure': key }, h('span', { class: 'card-title' }, title), h('span', { class: 'card-value' }, value), sub ? h('span', { class: 'card-sub' }, sub) : '');
      // Holdings without a price are left out of the value and the unrealized gain, and said so.
      // A receipt has no value of its own: its coins are the position's rows.
      const valued = all.positions.filter((x) => !x.isReceipt);
      const priced = valued.filter((x) => x.valueCents !== null && x.valueCents !== undefined);
      const unpriced = valued.length - priced.length;
      const gain = priced.reduce((n, x) => n + (x.unrealizedGainCents || 0), 0);
      const last = lastKnown(valued);
      totals.replaceChildren(
        priced.length === 0 && last
          ? card('value', 'Value', money(last.cents), `At the last known prices, as of ${last.asOf}`)
          : card('value', 'Value', priced.length || !unpriced ? money(p.totalValueCents) : 'No prices',
            unpriced ? `${unpriced} holding${unpriced === 1 ? '' : 's'} without a price today, left out${last ? ` (last known prices below)` : ''}` : 'At today’s prices'),
        card('basis', costWord(app.client), money(p.totalCostBasisCents), p.isStale ? 'Recalculate to include recent changes' : 'What you paid for what you hold'),
        card('unrealized', 'Unrealized gain', priced.length || !unpriced ? signed(gain) : 'No prices',
          unpriced ? 'Of the holdings with a price' : 'If you sold everything today'));
      clear(holdings.body);
      if (all.positions.length === 0) {
        holdings.body.append(empty('You hold nothing yet: add and sync your wallets and exchanges on the Overview page.', 'holdings-empty'));
      } else if (p.positions.length === 0) {
        holdings.body.append(empty('Everything you hold is in the DeFi positions below.', 'holdings-empty'));
      } else {
        holdings.body.append(h('table', { class: 'table cards', id: 'holdings-table' },
          h('caption', { class: 'sr-only' }, 'Your holdings'),
          h('thead', {}, h('tr', {}, ...['Asset', 'Quantity', 'Price', 'Value', costWord(app.client), 'Unrealized', 'Share'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...p.positions.map((x) => {
            const negative = x.amountExact.startsWith('-');
            return h('tr', { 'data-asset': x.assetId },
              h('td', { 'data-label': 'Asset' }, h('strong', {}, x.asset?.symbol || '?'), x.asset?.name && x.asset.name !== x.asset.symbol ? h('div', { class: 'muted small' }, x.asset.name) : '',
                negative ? h('span', { class: 'badge warning' }, 'Negative balance') : ''),
              h('td', { 'data-label': 'Quantity', class: 'num' }, qty(x.amountExact)),
              h('td', { 'data-label': 'Price', class: 'num' }, x.price !== null && x.price !== undefined ? money(Math.round(x.price * 100))
                : x.lastPrice !== null && x.lastPrice !== undefined && x.lastPriceDate ? asOf(money(Math.round(x.lastPrice * 100)), x.lastPriceDate)
                  : h('span', { class: 'badge muted' }, 'No price data')),
              h('td', { 'data-label': 'Value', class: 'num' }, x.valueCents === null && x.lastValueCents !== null && x.lastValueCents !== undefined && x.lastPriceDate
                ? asOf(money(x.lastValueCents), x.lastPriceDate) : money(x.valueCents)),
              h('td', { 'data-label': costWord(app.client), class: 'num' }, money(x.costBasisCents)),
              h('td', { 'data-label': 'Unrealized', class: 'num' }, x.unrealizedGainCents === null || x.unrealizedGainCents === undefined ? '—'
                : h('span', { class: x.unrealizedGainCents < 0 ? 'loss' : 'gain' }, `${signed(x.unrealizedGainCents)} (${percent(x.unrealizedGainPercent)})`)),
              h('td', { 'data-label': 'Share', class: 'num' }, x.portfolioPercent === null || x.portfolioPercent === undefined ? '—' : `${x.portfolioPercent.toFixed(1)}%`));
          }))));
        if (all.total > all.positions.length) holdings.body.append(h('p', { class: 'muted small' }, `The ${all.positions.length} largest of ${all.total} holdings and positions.`));
      }
      defi.el.hidden = !renderDefi(defi.body, all.positions);
    } catch (err) {
      totals.replaceChildren(problem(err, load));
      clear(holdings.body);
      clear(defi.body);
    }
    loadHarvest();
  };

  const loadHarvest = async () => {
    try {
      const today = new Date().toISOString().slice(0, 10);
      const r = (await app.q(Q.HARVEST, { date: today })).getHarvestableLosses;
      clear(harvest.body);
      harvest.body.append(h('p', {}, `Selling holdings worth less than you paid realizes a loss that offsets your gains. These lots are below their ${costWord(app.client, true)} at today’s prices.`));
      if (r.assets.length === 0 && r.unpricedAssetIds.length > 0) {
        // without prices no loss can be seen: say so rather than "none"
        harvest.body.append(empty(`We can’t check for losses without prices: ${r.unpricedAssetIds.length === 1 ? '1 holding has' : `${r.unpricedAssetIds.length} holdings have`} no price today.`, 'harvest-unpriced'));
      } else if (r.assets.length === 0) {
        harvest.body.append(empty(`None of your holdings is worth less than its ${costWord(app.client, true)} today.`, 'harvest-empty'));
      } else {
        harvest.body.append(
          h('p', { id: 'harvest-total' }, h('strong', {}, `Up to ${money(-r.totalUnrealizedLossCents)} of losses`),
            app.client.jurisdictionRules.hasHoldingTerms ? ` (${termWord(app.client, 'SHORT_TERM', true)} ${money(-r.shortTermUnrealizedLossCents)}, ${termWord(app.client, 'LONG_TERM', true)} ${money(-r.longTermUnrealizedLossCents)}).` : '.'),
          h('table', { class: 'table cards', id: 'harvest-table' },
            h('caption', { class: 'sr-only' }, 'Holdings you could sell at a loss'),
            h('thead', {}, h('tr', {}, ...['Asset', 'Held at a loss', 'Value', costWord(app.client), 'Loss', ''].map((t) => h('th', { scope: 'col' }, t)))),
            h('tbody', {}, ...r.assets.map((a) => h('tr', { 'data-harvest': a.assetId },
              h('td', { 'data-label': 'Asset' }, h('strong', {}, a.asset?.symbol || '?')),
              h('td', { 'data-label': 'Held at a loss', class: 'num' }, qty(a.amountExact)),
              h('td', { 'data-label': 'Value', class: 'num' }, money(a.marketValueCents)),
              h('td', { 'data-label': costWord(app.client), class: 'num' }, money(a.costBasisCents)),
              h('td', { 'data-label': 'Loss', class: 'num' }, h('span', { class: 'loss' }, signed(a.unrealizedGainCents)),
                app.client.jurisdictionRules.hasHoldingTerms ? h('div', { class: 'muted small' }, `${termWord(app.client, 'SHORT_TERM', true)} ${signed(a.shortTermUnrealizedGainCents)} · ${termWord(app.client, 'LONG_TERM', true)} ${signed(a.longTermUnrealizedGainCents)}`) : ''),
              h('td', { 'data-label': 'Note' }, a.hasRecentAcquisition ? h('span', { class: 'badge info' }, 'Bought in the last 30 days') : ''))))));
      }
      if (r.unpricedAssetIds.length) harvest.body.append(h('p', { class: 'muted small' }, `${r.unpricedAssetIds.length} holding${r.unpricedAssetIds.length === 1 ? ' has' : 's have'} no price today and ${r.unpricedAssetIds.length === 1 ? 'is' : 'are'} left out.`));
      harvest.body.append(h('p', { class: 'muted small' }, 'This is information, not advice: check with a tax professional before you sell.'));
    } catch (err) {
      harvest.body.replaceChildren(problem(err, loadHarvest));
    }
  };

  load();
  drawChart();
  return app.onChange(() => { load(); drawChart(); });
}

// asOf is a figure at a last known price, marked with the day of that price.
function asOf(figure: string, date: string): HTMLElement {
  return h('span', { class: 'as-of', 'data-as-of': date }, figure, h('span', { class: 'muted small' }, ` as of ${priceDay(date)}`));
}

// priceDay names the UTC day of a price (YYYY-MM-DD).
export function priceDay(date: string): string {
  return day(`${date}T12:00:00Z`);
}

// lastKnown is the value of the holdings without a current price at their last known prices, as of
// the oldest of those prices; null where none has one.
export function lastKnown(ps: { valueCents?: number | null; lastValueCents?: number | null; lastPriceDate?: string | null }[]): { cents: number; asOf: string } | null {
  const known = ps.filter((x) => (x.valueCents === null || x.valueCents === undefined) && x.lastValueCents !== null && x.lastValueCents !== undefined && x.lastPriceDate);
  if (!known.length) return null;
  const oldest = known.map((x) => x.lastPriceDate!).sort()[0];
  return { cents: known.reduce((n, x) => n + (x.lastValueCents || 0), 0), asOf: priceDay(oldest) };
}
