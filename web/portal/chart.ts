// Inline SVG charts (no chart library, no canvas), drawn at the width of their container so that
// their text stays at its CSS size on a phone.

import { h, money, compact } from './dom';

// label is the tax year as the client's rules name it (2024/25).
export interface YearFigures { year: number; label: string; capitalGainsCents: number; incomeCents: number }

const H = 240, PAD_T = 16, PAD_B = 52;

function widthOf(el: HTMLElement): number {
  return Math.max(280, Math.min(720, Math.floor(el.clientWidth || 640)));
}

// drawGainsChart is a bar chart of capital gains and income per tax year.
export function drawGainsChart(container: HTMLElement, years: YearFigures[]): Element {
  const values = years.flatMap((y) => [y.capitalGainsCents, y.incomeCents]);
  const max = Math.max(0, ...values), min = Math.min(0, ...values);
  if (max === 0 && min === 0) {
    return h('p', { class: 'empty', id: 'chart-empty' }, 'No gains or income yet: the chart fills in once your taxes are calculated.');
  }
  const W = widthOf(container);
  const PAD_L = 60, PAD_R = 8;
  const span = max - min || 1;
  const plotH = H - PAD_T - PAD_B, plotW = W - PAD_L - PAD_R;
  const y = (v: number) => PAD_T + ((max - v) / span) * plotH;
  const slot = plotW / years.length, bar = Math.min(28, slot / 3);
  const ticks = [max, (max + min) / 2, min].filter((v, i, a) => a.indexOf(v) === i);
  const summary = years.map((f) => `${f.label}: gains ${money(f.capitalGainsCents)}, income ${money(f.incomeCents)}`).join('; ');
  return h('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-labelledby': 'chart-title chart-desc', class: 'chart-svg' },
    h('title', { id: 'chart-title' }, 'Capital gains and income by tax year'),
    h('desc', { id: 'chart-desc' }, summary),
    ...ticks.map((v) => h('g', {},
      h('line', { x1: PAD_L, x2: W - PAD_R, y1: y(v), y2: y(v), class: 'grid' }),
      h('text', { x: PAD_L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, compact(Math.round(v))))),
    h('line', { x1: PAD_L, x2: W - PAD_R, y1: y(0), y2: y(0), class: 'zero' }),
    ...years.map((f, i) => {
      const cx = PAD_L + slot * i + slot / 2;
      const rect = (v: number, x: number, cls: string, label: string) => h('rect', {
        x, width: bar, y: Math.min(y(v), y(0)), height: Math.max(1, Math.abs(y(v) - y(0))), class: cls, 'data-year': f.year, 'data-cents': v,
      }, h('title', {}, `${f.label} ${label}: ${money(v)}`));
      return h('g', {},
        rect(f.capitalGainsCents, cx - bar - 1, 'bar gains', 'capital gains'),
        rect(f.incomeCents, cx + 1, 'bar income', 'income'),
        h('text', { x: cx, y: H - PAD_B + 18, 'text-anchor': 'middle', class: 'axis' }, f.label));
    }),
    h('g', { class: 'legend' },
      h('rect', { x: PAD_L, y: H - 14, width: 12, height: 12, class: 'bar gains' }),
      h('text', { x: PAD_L + 16, y: H - 4, class: 'axis' }, 'Capital gains'),
      h('rect', { x: PAD_L + 120, y: H - 14, width: 12, height: 12, class: 'bar income' }),
      h('text', { x: PAD_L + 136, y: H - 4, class: 'axis' }, 'Income')));
}

export interface Point { date: string; valueCents: number; costBasisCents: number }

// drawValueChart is the portfolio's value (area) and its cost (dashed line, named cost as the
// client's rules name it) over time. Without a single price in the range there is no value line to
// draw: it says so rather than drawing the holdings at zero.
export function drawValueChart(container: HTMLElement, points: Point[], title: string, cost: string): Element {
  if (points.length < 2 || points.every((p) => p.valueCents === 0 && p.costBasisCents === 0)) {
    return h('p', { class: 'empty', id: 'value-chart-empty' }, 'Nothing to chart for this range yet.');
  }
  if (points.every((p) => p.valueCents === 0)) {
    return h('p', { class: 'empty', id: 'value-chart-unpriced' }, 'No price data for your holdings in this range, so their value cannot be charted.');
  }
  const W = widthOf(container);
  const PAD_L = 64, PAD_R = 8;
  const vals = points.flatMap((p) => [p.valueCents, p.costBasisCents]);
  const max = Math.max(...vals, 0), min = Math.min(...vals, 0);
  const span = max - min || 1;
  const plotH = H - PAD_T - PAD_B, plotW = W - PAD_L - PAD_R;
  const x = (i: number) => PAD_L + (plotW * i) / (points.length - 1);
  const y = (v: number) => PAD_T + ((max - v) / span) * plotH;
  const line = (f: (p: Point) => number) => points.map((p, i) => `${x(i).toFixed(1)},${y(f(p)).toFixed(1)}`).join(' ');
  const area = `M${x(0).toFixed(1)},${y(0).toFixed(1)} L${line((p) => p.valueCents).replace(/ /g, ' L')} L${x(points.length - 1).toFixed(1)},${y(0).toFixed(1)} Z`;
  const ticks = [max, (max + min) / 2, min].filter((v, i, a) => a.indexOf(v) === i);
  const first = new Date(points[0].date), last = new Date(points[points.length - 1].date);
  const fmt = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', year: 'numeric' });
  const lastP = points[points.length - 1];
  return h('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-labelledby': 'value-title value-desc', class: 'chart-svg' },
    h('title', { id: 'value-title' }, title),
    h('desc', { id: 'value-desc' }, `From ${fmt(first)} to ${fmt(last)}: value now ${money(lastP.valueCents)}, ${cost.toLowerCase()} ${money(lastP.costBasisCents)}.`),
    ...ticks.map((v) => h('g', {},
      h('line', { x1: PAD_L, x2: W - PAD_R, y1: y(v), y2: y(v), class: 'grid' }),
      h('text', { x: PAD_L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, compact(Math.round(v))))),
    h('path', { d: area, class: 'area' }),
    h('polyline', { points: line((p) => p.valueCents), class: 'value-line' }),
    h('polyline', { points: line((p) => p.costBasisCents), class: 'basis-line' }),
    h('text', { x: PAD_L, y: H - PAD_B + 18, class: 'axis' }, fmt(first)),
    h('text', { x: W - PAD_R, y: H - PAD_B + 18, 'text-anchor': 'end', class: 'axis' }, fmt(last)),
    h('g', { class: 'legend' },
      h('rect', { x: PAD_L, y: H - 14, width: 12, height: 12, class: 'swatch-value' }),
      h('text', { x: PAD_L + 16, y: H - 4, class: 'axis' }, 'Value'),
      h('line', { x1: PAD_L + 80, x2: PAD_L + 100, y1: H - 8, y2: H - 8, class: 'basis-line' }),
      h('text', { x: PAD_L + 106, y: H - 4, class: 'axis' }, cost)));
}
