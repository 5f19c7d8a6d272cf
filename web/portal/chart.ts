// An inline SVG bar chart of capital gains and income per tax year (no chart library, no canvas).

import { h, money } from './dom';

export interface YearFigures { year: number; capitalGainsCents: number; incomeCents: number }

const W = 640, H = 240, PAD_L = 72, PAD_R = 12, PAD_T = 16, PAD_B = 48;

export function drawGainsChart(years: YearFigures[]): Element {
  const values = years.flatMap((y) => [y.capitalGainsCents, y.incomeCents]);
  const max = Math.max(0, ...values), min = Math.min(0, ...values);
  if (max === 0 && min === 0) {
    return h('p', { class: 'empty', id: 'chart-empty' }, 'No gains or income yet: the chart fills in once your taxes are calculated.');
  }
  const span = max - min || 1;
  const plotH = H - PAD_T - PAD_B, plotW = W - PAD_L - PAD_R;
  const y = (v: number) => PAD_T + ((max - v) / span) * plotH;
  const slot = plotW / years.length, bar = Math.min(28, slot / 3);
  const ticks = [max, (max + min) / 2, min].filter((v, i, a) => a.indexOf(v) === i);
  const summary = years.map((f) => `${f.year}: gains ${money(f.capitalGainsCents)}, income ${money(f.incomeCents)}`).join('; ');
  return h('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'chart-title chart-desc', class: 'gains-svg', width: '100%' },
    h('title', { id: 'chart-title' }, 'Capital gains and income by tax year'),
    h('desc', { id: 'chart-desc' }, summary),
    ...ticks.map((v) => h('g', {},
      h('line', { x1: PAD_L, x2: W - PAD_R, y1: y(v), y2: y(v), class: 'grid' }),
      h('text', { x: PAD_L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, money(Math.round(v))))),
    h('line', { x1: PAD_L, x2: W - PAD_R, y1: y(0), y2: y(0), class: 'zero' }),
    ...years.map((f, i) => {
      const cx = PAD_L + slot * i + slot / 2;
      const rect = (v: number, x: number, cls: string, label: string) => h('rect', {
        x, width: bar, y: Math.min(y(v), y(0)), height: Math.max(1, Math.abs(y(v) - y(0))), class: cls, 'data-year': f.year, 'data-cents': v,
      }, h('title', {}, `${f.year} ${label}: ${money(v)}`));
      return h('g', {},
        rect(f.capitalGainsCents, cx - bar - 1, 'bar gains', 'capital gains'),
        rect(f.incomeCents, cx + 1, 'bar income', 'income'),
        h('text', { x: cx, y: H - PAD_B + 18, 'text-anchor': 'middle', class: 'axis' }, String(f.year)));
    }),
    h('g', { class: 'legend' },
      h('rect', { x: PAD_L, y: H - 12, width: 10, height: 10, class: 'bar gains' }),
      h('text', { x: PAD_L + 14, y: H - 3, class: 'axis' }, 'Capital gains'),
      h('rect', { x: PAD_L + 110, y: H - 12, width: 10, height: 10, class: 'bar income' }),
      h('text', { x: PAD_L + 124, y: H - 3, class: 'axis' }, 'Income')));
}
