// Overview: what to do next (review, sync, calculate, download), the latest tax year's figures, the
// portfolio's value, what needs review, gains by year, and the accounts.

import { panel, problem, termWord, yearLabel } from '../app';
import type { Ctx } from '../ctx';
import { drawGainsChart, YearFigures } from '../chart';
import { h, clear, money, signed, loading, button, field, select } from '../dom';
import * as Q from '../gql';
import { AccountsView } from './accounts';
import { lastKnown } from './portfolio';


// The rates the person picked for the estimate, kept while the portal is open (per client).
const picked = new Map<string, { bracket?: string; longTermBracket?: string }>();
// estimateAsked counts the estimates asked for after a pick: only the latest one's answer is drawn.
let estimateAsked = 0;

export function overview(ctx: Ctx, root: HTMLElement) {
  const { app } = ctx;
  root.append(
    h('h1', { class: 'welcome' }, 'Your crypto taxes'),
    app.s.email ? h('p', { class: 'muted', id: 'signed-in-as' }, `Signed in as ${app.s.email}`) : '');
  const next = h('div', { id: 'next-steps' });
  const cards = h('div', { class: 'cards-row', id: 'summary-cards', 'aria-live': 'polite' }, loading('your figures'));
  const chart = h('figure', { id: 'gains-chart', class: 'chart' });
  const gains = panel('gains', 'Gains and income by year', chart);
  const accounts = panel('wallets', 'Accounts and wallets');
  root.append(next, cards, gains.el, accounts.el);
  const av = new AccountsView(app, accounts.body);
  av.load();

  const load = async () => {
    try {
      const years = await app.years();
      const year = years.length ? years[0] : new Date().getUTCFullYear();
      const [y, value, queue] = await Promise.all([
        app.q(Q.YEAR, { year: String(year) }).then((r) => r.getIncomeAndCapGains),
        app.q(Q.PORTFOLIO).then((r) => r.getPortfolioV2),
        app.q(Q.REVIEW_QUEUE, { limit: 1 }).then((r) => r.getClientReviewQueue),
      ]);
      const toReview = queue.totalCount;
      ctx.reviewCount(toReview);
      showNext(toReview, years.length ? year : undefined);
      const card = (key: string, href: string, title: string, value: string, sub: string) =>
        h('a', { class: 'card', href, 'data-figure': key }, h('span', { class: 'card-title' }, title), h('span', { class: 'card-value' }, value), h('span', { class: 'card-sub' }, sub));
      // Holdings without a price are left out of the value and the unrealized gain, and said so.
      // Without any current price, the value at the last known prices, as of the oldest of them.
      const portfolioCard = (ps: { valueCents?: number | null; unrealizedGainCents?: number | null; lastValueCents?: number | null; lastPriceDate?: string | null }[], total: number) => {
        const priced = ps.filter((p) => p.valueCents !== null && p.valueCents !== undefined);
        if (ps.length === 0) return card('portfolio', '#/portfolio', 'Portfolio value', money(0), 'You hold nothing yet');
        const last = lastKnown(ps);
        if (priced.length === 0 && last) return card('portfolio', '#/portfolio', 'Portfolio value', money(last.cents), `At the last known prices, as of ${last.asOf}`);
        if (priced.length === 0) return card('portfolio', '#/portfolio', 'Portfolio value', 'No price data', 'Prices are not available right now');
        const gain = priced.reduce((n, p) => n + (p.unrealizedGainCents || 0), 0);
        return card('portfolio', '#/portfolio', 'Portfolio value', money(total),
          `Unrealized ${signed(gain)}${priced.length < ps.length ? ` · ${ps.length - priced.length} without a price today` : ''}${last ? ` (last known ${money(last.cents)}, as of ${last.asOf})` : ''}`);
      };
      clear(cards);
      if (years.length === 0) {
        // Imported transactions not calculated yet: the next step is Calculate, not adding wallets.
        const imported = (await app.accounts()).reduce((n, a) => n + a.transactionCount, 0);
        cards.append(imported > 0
          ? h('div', { class: 'empty wide', id: 'overview-empty', 'data-imported': imported },
            h('p', {}, `${imported === 1 ? '1 transaction is' : `${imported.toLocaleString('en-US')} transactions are`} imported; your taxes have not been calculated yet.`),
            button('Calculate my taxes', () => ctx.recalc.start(), '', { id: 'overview-calculate' }))
          : h('div', { class: 'empty wide', id: 'overview-empty' },
            h('p', {}, 'No tax figures yet. Add your wallets and exchanges below and sync them; your taxes are calculated from their transactions.')));
      } else {
        cards.append(
          card('capital-gains', `#/tax?year=${year}`, `${yearLabel(app.client, year)} capital gains`, signed(y.capGainsCents),
            app.client.jurisdictionRules.hasHoldingTerms
              ? `${termWord(app.client, 'SHORT_TERM')} ${signed(y.shortTermCapGainsCents)} · ${termWord(app.client, 'LONG_TERM')} ${signed(y.longTermCapGainsCents)}`
              : app.client.jurisdictionRules.words.netGain),
          card('income', `#/tax?year=${year}`, `${yearLabel(app.client, year)} income`, money(y.incomeCents), 'Staking, rewards and other income'));
      }
      cards.append(
        portfolioCard(value.positions.filter((x) => !x.isReceipt), value.totalValueCents),
        card('review', '#/review', 'To review', toReview === 0 ? 'All clear' : String(toReview),
          toReview === 0 ? 'Nothing needs your attention' : `${toReview === 1 ? 'transaction needs' : 'transactions need'} a look`));
      const shown = [...years].slice(0, 6).reverse();
      const figures = await Promise.all(shown.map((yr) => app.q(Q.YEAR, { year: String(yr) })
        .then((r): YearFigures => ({ year: yr, label: yearLabel(app.client, yr), capitalGainsCents: r.getIncomeAndCapGains.capGainsCents, incomeCents: r.getIncomeAndCapGains.incomeCents }))));
      const svg = drawGainsChart(chart, figures);
      chart.replaceChildren(svg, svg.tagName === 'svg' ? h('figcaption', {}, `Capital gains and income by tax year (${app.client.currency})`) : '');
    } catch (err) {
      cards.replaceChildren(problem(err, load));
    }
  };
  // showNext lists what to do next, most pressing first: what needs review, accounts to sync, the
  // figures to calculate, the report to download; nothing when all is done but the download.
  const showNext = async (toReview: number, year?: number) => {
    const steps: [string, HTMLElement][] = [];
    const accounts = await app.accounts();
    const unsynced = accounts.filter((a) => a.type !== 'FILE' && (a.status === 'ERROR' || !a.lastSyncedAt));
    if (toReview > 0) {
      steps.push(['review', h('a', { href: '#/review' }, `Review ${toReview === 1 ? '1 transaction' : `${toReview} transactions`}`)]);
    }
    if (unsynced.length) {
      steps.push(['sync', button(`Sync ${unsynced.length === 1 ? 'the account' : `the ${unsynced.length} accounts`} not synced yet`, () => {
        const b = document.getElementById('sync-wallets');
        b?.scrollIntoView({ block: 'center' });
        b?.focus();
      }, 'link')]);
    }
    if (ctx.recalc.state === 'dirty') {
      steps.push(['calculate', button(year === undefined ? 'Calculate your taxes' : 'Bring your figures up to date', () => ctx.recalc.start(), 'link')]);
    }
    if (year !== undefined) {
      steps.push(['download', h('a', { href: `#/tax?year=${year}` }, `Download your ${yearLabel(app.client, year)} tax report`)]);
    }
    const estimate = year === undefined ? null : await estimateOf(year);
    next.replaceChildren(steps.length || estimate ? h('section', { class: 'panel next-steps', 'aria-labelledby': 'next-h' },
      h('h2', { id: 'next-h' }, 'What to do next'),
      steps.length ? h('ol', {}, ...steps.map(([k, el]) => h('li', { 'data-next': k }, el))) : '',
      estimate || '') : '');
  };
  // estimateOf is the year's estimated tax at the rates the person picked, where the API knows the
  // rates of the client's rules for the year; null (nothing said about tax) where it does not.
  const estimateOf = async (year: number): Promise<HTMLElement | null> => {
    const choice = picked.get(app.client.id) || {};
    const e = (await app.q(Q.TAX_ESTIMATE, { year: String(year), ...choice })).getTaxEstimate;
    if (!e) return null;
    const box = h('div', { id: 'tax-estimate', class: 'estimate', 'aria-live': 'polite' });
    const pick = (id: string, label: string, options: { key: string; name: string }[], value: string, key: 'bracket' | 'longTermBracket') => {
      const s = select(key, options.map((b) => [b.key, b.name]), value);
      s.addEventListener('change', async () => {
        picked.set(app.client.id, { ...(picked.get(app.client.id) || {}), [key]: s.value });
        const asked = ++estimateAsked;
        const again = await estimateOf(year);
        const current = document.getElementById('tax-estimate');
        if (!again || asked !== estimateAsked || !current) return; // a later pick's answer draws it
        // the control the person is on keeps the focus in the estimate drawn again
        const on = current.contains(document.activeElement) ? document.activeElement?.id : undefined;
        current.replaceWith(again);
        if (on) (document.getElementById(on) as HTMLElement | null)?.focus();
      });
      return field(id, label, s);
    };
    box.append(
      h('h3', {}, `Estimated tax for ${e.taxYearLabel}: `, h('strong', { 'data-figure': 'estimated-tax', 'data-cents': e.taxCents }, money(e.taxCents))),
      h('div', { class: 'estimate-picks' },
        pick('estimate-bracket', 'Your rate', e.brackets, e.bracket.key, 'bracket'),
        e.longTermBracket ? pick('estimate-long', 'Your long-term rate', e.longTermBrackets, e.longTermBracket.key, 'longTermBracket') : ''),
      e.parts.length
        ? h('ul', { class: 'estimate-parts' }, ...e.parts.map((p) => h('li', {}, `${p.what}: ${money(p.amountCents)} at ${p.percent}% = ${money(p.taxCents)}`)))
        : h('p', {}, 'Nothing is left to tax after this year’s losses and allowances.'),
      e.allowanceCents ? h('p', {}, `Tax-free allowance used: ${money(e.allowanceAppliedCents)} of ${money(e.allowanceCents)}.`) : '',
      h('details', {}, h('summary', {}, 'What this estimate assumes'), h('ul', {}, ...e.assumptions.map((a) => h('li', {}, a)))),
      h('p', { class: 'muted small' }, e.isStale ? 'An estimate from figures that are being updated; not your tax bill.' : 'An estimate, not your tax bill.'));
    return box;
  };

  load();
  const off = app.onChange(load);
  return () => { off(); av.stop(); };
}
