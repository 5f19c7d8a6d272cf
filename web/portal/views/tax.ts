// Taxes: a tax year's summary by term and by kind of income, the Form 8949 preview by box, the
// reconciliation with a broker's Form 1099-DA when one exists, and the reports to download.

import { App, Client, JurisdictionRules, panel, problem, yearLabel, yearChoices } from '../app';
import type { Ctx } from '../ctx';
import { h, clear, day, when, instant, money, signed, loading, empty, field, select, button, busy, sleep } from '../dom';
import * as Q from '../gql';
import type { PortalReportsQuery, PortalYearQuery, ReportExportTypeEnum, Form8949BoxEnum } from '../generated/graphql';

type Year = PortalYearQuery['getIncomeAndCapGains'];
type Report = PortalReportsQuery['getReports'][number];

const BOXES: Record<string, string> = {
  A: 'Short-term, on Form 1099-B with basis reported', B: 'Short-term, on Form 1099-B without basis', C: 'Short-term, not on Form 1099-B',
  D: 'Long-term, on Form 1099-B with basis reported', E: 'Long-term, on Form 1099-B without basis', F: 'Long-term, not on Form 1099-B',
  G: 'Short-term digital assets, on Form 1099-DA with basis reported', H: 'Short-term digital assets, on Form 1099-DA without basis',
  I: 'Short-term digital assets, not on Form 1099-DA', J: 'Long-term digital assets, on Form 1099-DA with basis reported',
  K: 'Long-term digital assets, on Form 1099-DA without basis', L: 'Long-term digital assets, not on Form 1099-DA',
};


const STATUS: Record<string, string> = { QUEUED: 'Waiting', GENERATING: 'Being made', READY: 'Ready', FAILED: 'Failed' };

export function tax(ctx: Ctx, root: HTMLElement, params: URLSearchParams) {
  const { app } = ctx;
  const yearSel = select('year', []);
  const figures = h('div', { id: 'tax-figures', 'aria-live': 'polite' }, loading('the year’s figures'));
  const income = panel('income', 'Income by kind');
  const f8949 = panel('form-8949', 'Form 8949 preview');
  const recon = h('div', { id: 'reconciliation' });
  const reports = panel('reports', 'Reports');
  root.append(h('h1', {}, 'Taxes'),
    h('div', { class: 'toolbar' }, field('tax-year', 'Tax year', yearSel)),
    figures, income.el, f8949.el, recon, reports.el);
  let year = 0;

  const load = async () => {
    try {
      const years = await app.years();
      const def = years.length ? years[0] : new Date().getUTCFullYear();
      const asked = Number(params.get('year'));
      year = asked && asked > 1900 ? asked : def;
      yearSel.replaceChildren(...yearChoices(app.client, years, year).map((y) => h('option', { value: y }, yearLabel(app.client, y))));
      yearSel.value = String(year);
      await Promise.all([summary(), form8949(0, ''), reconciliation()]);
    } catch (err) {
      figures.replaceChildren(problem(err, load));
    }
  };
  // Another year is read in place: the address follows without a new page, so the focus stays on
  // the select and arrowing through the years reads each.
  yearSel.addEventListener('change', async () => {
    history.replaceState(null, '', `#/tax?year=${yearSel.value}`);
    params.set('year', yearSel.value);
    year = Number(yearSel.value);
    try {
      await Promise.all([summary(), form8949(0, ''), reconciliation()]);
    } catch (err) {
      figures.replaceChildren(problem(err, load));
    }
    if (document.activeElement === document.body) yearSel.focus();
  });

  const rules = app.client.jurisdictionRules;
  const label = () => yearLabel(app.client, year);
  const summary = async () => {
    try {
      const y = (await app.q(Q.YEAR, { year: String(year) })).getIncomeAndCapGains;
      const rows = yearRows(y, rules);
      if (y.futuresCents) rows.push(['futures', 'Futures', y.futuresCents, signed]);
      clear(figures);
      figures.append(
        y.isStale ? h('p', { class: 'notice', id: 'preview-stale' }, 'Your ledger changed since these figures were calculated. Recalculate to bring them up to date.') : '',
        y.transactionCount === 0 ? empty(`No transactions in ${label()}.`, 'year-empty') : '',
        y.jurisdiction && rules.text ? h('p', { class: 'muted small', id: 'tax-rules', 'data-jurisdiction': rules.jurisdiction }, rules.text) : '',
        h('dl', { class: 'figures', 'data-year': y.year, 'data-year-label': y.taxYearLabel || y.year }, ...rows.map(([k, l, c, f]) => h('div', { class: 'figure', 'data-figure': k, 'data-cents': c }, h('dt', {}, l), h('dd', {}, f(c))))),
        h('p', { class: 'muted small' }, `${y.disposalCount} transaction${y.disposalCount === 1 ? '' : 's'} with a sale or other disposal, ${y.transactionCount} in all`,
          instant(y.computedAt) ? `; calculated ${when(y.computedAt)}.` : '; not calculated yet.'));
      clear(income.body);
      if (y.incomeByLabel.length === 0) {
        income.body.append(empty(`No income in ${label()}.`, 'income-empty'));
      } else {
        income.body.append(h('table', { class: 'table', id: 'income-table' },
          h('caption', { class: 'sr-only' }, `Income in ${label()} by kind`),
          h('thead', {}, h('tr', {}, ...['Kind', 'Transactions', 'Income'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...y.incomeByLabel.map((i) => h('tr', { 'data-income': i.label },
            h('td', {}, h('a', { href: `#/transactions?year=${year}&label=${encodeURIComponent(i.label)}` }, i.name)),
            h('td', { class: 'num' }, String(i.transactionCount)), h('td', { class: 'num' }, money(i.incomeCents))))),
          h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Total'), h('td', {}), h('td', { class: 'num' }, money(y.incomeCents))))));
      }
      reportsView.setYear(year);
    } catch (err) {
      figures.replaceChildren(problem(err, summary));
    }
  };

  const form8949 = async (page: number, box: string, opened = false) => {
    if (!rules.hasForm8949) {
      f8949.el.hidden = true;
      return;
    }
    try {
      const r = (await app.q(Q.FORM_8949,
        { year, box: (box || undefined) as Form8949BoxEnum | undefined, page })).getForm8949PreviewForYear;
      clear(f8949.body);
      if (r.boxes.length === 0) {
        f8949.body.append(empty(`No sales or other disposals in ${year}: nothing goes on Form 8949.`, 'f8949-empty'));
        return;
      }
      const boxSel = select('box', [['', 'All boxes'], ...r.boxes.map((b): [string, string] => [b.box, `Box ${b.box}`])], box);
      boxSel.addEventListener('change', () => form8949(0, boxSel.value, true));
      // The rows stay folded until asked for (a year can have thousands).
      const rowsBox = h('details', { class: 'rows', id: 'f8949-details', open: opened });
      f8949.body.append(
        h('p', {}, 'How your sales will be reported on Form 8949, box by box. Generate the form itself under Reports.'),
        h('table', { class: 'table cards', id: 'f8949-boxes' },
          h('caption', { class: 'sr-only' }, `Form 8949 boxes of ${year}`),
          h('thead', {}, h('tr', {}, ...['Box', 'Rows', 'Proceeds', 'Cost basis', 'Adjustments', 'Gain or loss'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...r.boxes.map((b) => h('tr', { 'data-box': b.box },
            h('td', { 'data-label': 'Box' }, h('strong', {}, `Box ${b.box}`), h('div', { class: 'muted small' }, BOXES[b.box] || '')),
            h('td', { 'data-label': 'Rows', class: 'num' }, String(b.rowCount)),
            h('td', { 'data-label': 'Proceeds', class: 'num' }, money(b.proceedsCents)),
            h('td', { 'data-label': 'Cost basis', class: 'num' }, money(b.costBasisCents)),
            h('td', { 'data-label': 'Adjustments', class: 'num' }, money(b.adjustmentCents)),
            h('td', { 'data-label': 'Gain or loss', class: 'num' }, signed(b.gainOrLossCents)))))),
        rowsBox);
      rowsBox.append(
        h('summary', {}, `The ${r.total} row${r.total === 1 ? '' : 's'}${box ? ` of box ${box}` : ''}, as on the form`),
        h('div', { class: 'toolbar' }, field('f8949-box', 'Show the rows of', boxSel)),
        h('table', { class: 'table cards', id: 'f8949-rows' },
          h('caption', { class: 'sr-only' }, 'Form 8949 rows'),
          h('thead', {}, h('tr', {}, ...['Box', '(a) Description', '(b) Acquired', '(c) Sold', '(d) Proceeds', '(e) Cost basis', '(h) Gain or loss'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...r.rows.map((x) => h('tr', {},
            h('td', { 'data-label': 'Box' }, x.box),
            h('td', { 'data-label': 'Description' }, x.transactionId ? h('a', { href: `#/transactions/${x.transactionId}` }, x.description) : x.description),
            h('td', { 'data-label': 'Acquired' }, x.dateAcquired ? day(x.dateAcquired) : 'Various'),
            h('td', { 'data-label': 'Sold' }, day(x.dateSold)),
            h('td', { 'data-label': 'Proceeds', class: 'num' }, money(x.proceedsCents)),
            h('td', { 'data-label': 'Cost basis', class: 'num' }, money(x.costBasisCents)),
            h('td', { 'data-label': 'Gain or loss', class: 'num' }, signed(x.gainOrLossCents)))))),
        h('nav', { class: 'pager', 'aria-label': 'Form 8949 pages' },
          r.page > 0 ? button('Previous rows', () => form8949(r.page - 1, box, true), 'secondary') : '',
          h('span', { class: 'muted' }, `Rows ${r.page * r.limit + 1}–${r.page * r.limit + r.rows.length} of ${r.total}`),
          (r.page + 1) * r.limit < r.total ? button('Next rows', () => form8949(r.page + 1, box, true), 'secondary') : ''));
    } catch (err) {
      f8949.body.replaceChildren(problem(err, () => form8949(page, box)));
    }
  };

  const reconciliation = async () => {
    clear(recon);
    if (!rules.hasForm1099DA) return; // a broker's Form 1099-DA is not part of these rules
    try {
      const forms = (await app.q(Q.TAX_FORMS, { year })).getTaxFormStatuses.taxForms;
      if (forms.length === 0) return;
      const p = panel('reconciliation-panel', 'Form 1099-DA reconciliation');
      recon.append(p.el);
      p.body.append(h('p', {}, 'Your broker reported these sales to the IRS on Form 1099-DA. Here they are compared with your own figures: differences need a look before you file.'));
      for (const f of forms) {
        const r = (await app.q(Q.RECONCILIATION, { formId: f.id })).getTaxFormReconciliation;
        const open = r.rows.filter((x) => x.status !== 'MATCHED').slice(0, 20);
        p.body.append(h('div', { class: 'recon', 'data-form': f.id },
          h('h3', {}, `${f.brokerName}: ${f.rowCount} row${f.rowCount === 1 ? '' : 's'}`),
          h('dl', { class: 'figures' },
            ...([['Broker proceeds', money(r.brokerProceedsCents)], ['Your proceeds', money(r.computedProceedsCents)], ['Difference', signed(r.proceedsDifferenceCents)],
              ['Matched', String(r.matchedCount)], ['Different', String(r.mismatchedCount)], ['Missing in your ledger', String(r.missingInLedgerCount)],
              ['Not on the form', String(r.missingOnFormCount)]] as [string, string][]).map(([l, v]) => h('div', { class: 'figure' }, h('dt', {}, l), h('dd', {}, v)))),
          open.length === 0 ? h('p', { class: 'notice ok' }, 'Every row matches your figures.') : h('table', { class: 'table cards' },
            h('caption', { class: 'sr-only' }, 'Rows that differ'),
            h('thead', {}, h('tr', {}, ...['Sold', 'Asset', 'Broker', 'Yours', 'Difference', ''].map((t) => h('th', { scope: 'col' }, t)))),
            h('tbody', {}, ...open.map((x) => h('tr', {},
              h('td', { 'data-label': 'Sold' }, day(x.dateSold)), h('td', { 'data-label': 'Asset' }, `${x.amountExact} ${x.assetSymbol}`),
              h('td', { 'data-label': 'Broker', class: 'num' }, money(x.brokerProceedsCents)), h('td', { 'data-label': 'Yours', class: 'num' }, money(x.computedProceedsCents)),
              h('td', { 'data-label': 'Difference', class: 'num' }, signed(x.proceedsDifferenceCents)),
              h('td', { 'data-label': 'Status' }, x.status === 'MISSING_IN_LEDGER' ? 'Not in your ledger' : x.status === 'MISSING_ON_FORM' ? 'Not on the form'
                : x.transactionId ? h('a', { href: `#/transactions/${x.transactionId}` }, 'Different: open') : 'Different')))))));
      }
    } catch (err) {
      recon.replaceChildren(problem(err, reconciliation));
    }
  };

  const reportsView = new Reports(app, reports.body, app.client);
  reportsView.load();
  load();
  const off = app.onChange(() => { app.years().then(() => { summary(); form8949(0, ''); }); });
  return () => { reportsView.stop(); off(); };
}

class Reports {
  private list = h('div', { id: 'report-list', 'aria-live': 'polite' }, loading('your reports'));
  private msg = h('div', { id: 'report-message', role: 'status' });
  private form: HTMLFormElement;
  private yearSel = select('year', []);
  private polling = false;
  private alive = true;

  constructor(private app: App, root: HTMLElement, private client: Client) {
    const email = h('input', { name: 'email', type: 'email', autocomplete: 'email', value: app.s.email || '' });
    const submit = h('button', { type: 'submit', id: 'request-report-button' }, 'Request report') as HTMLButtonElement;
    this.form = h('form', { id: 'request-report', class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); this.request(submit); } },
      field('report-year', 'Tax year', this.yearSel),
      field('report-type', 'Report', select('type', client.jurisdictionRules.reports.map((t) => [t.type, t.name])), 'grow'),
      field('report-email', 'E-mail me a link (optional)', email, 'grow'),
      submit) as HTMLFormElement;
    root.append(h('p', {}, 'Reports are made from your calculated figures. They are ready in a few seconds; you can also get a link by e-mail.'),
      this.form, this.msg, this.list);
  }

  stop() { this.alive = false; }

  // setYear offers the years with figures and picks the one the page shows.
  async setYear(y: number) {
    const years = await this.app.years();
    this.yearSel.replaceChildren(...yearChoices(this.client, years, y).map((x) => h('option', { value: x }, yearLabel(this.client, x))));
    this.yearSel.value = String(y);
  }

  async load() {
    try {
      const reports = (await this.app.q(Q.REPORTS)).getReports;
      this.render(reports);
      if (reports.some(pending)) this.poll();
    } catch (err) {
      this.list.replaceChildren(problem(err, () => this.load()));
    }
  }

  private render(reports: Report[]) {
    clear(this.list);
    if (reports.length === 0) {
      this.list.append(empty('No reports yet. Choose a year and a report above.', 'reports-empty'));
      return;
    }
    this.list.append(h('table', { class: 'table cards' },
      h('caption', { class: 'sr-only' }, 'Your reports'),
      h('thead', {}, h('tr', {}, ...['Year', 'Report', 'Status', 'Requested', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...reports.map((r) => h('tr', { 'data-report': r.id, 'data-type': r.type, 'data-status': r.status },
        h('td', { 'data-label': 'Year' }, r.year ? yearLabel(this.client, Number(r.year)) : '—'),
        h('td', { 'data-label': 'Report' }, r.typeName, r.isStale ? h('div', { class: 'muted small' }, 'Your figures changed since; request it again for current ones.') : ''),
        h('td', { 'data-label': 'Status' }, h('span', { class: `badge ${r.status.toLowerCase()}` }, STATUS[r.status] || r.status),
          r.error ? h('div', { class: 'muted small' }, r.error) : ''),
        h('td', { 'data-label': 'Requested' }, when(r.createdAt)),
        h('td', { 'data-label': 'File' }, r.status === 'READY'
          ? button('Download', (e) => this.download(r, e.currentTarget as HTMLButtonElement), 'secondary small download', { 'aria-label': `Download ${r.year || ''} ${r.typeName}` })
          : ''))))));
  }

  private async request(submit: HTMLButtonElement) {
    const fd = new FormData(this.form);
    const email = String(fd.get('email') || '').trim();
    try {
      const r = await busy(submit, 'Requesting…', () => this.app.q(Q.REQUEST_REPORT,
        { year: String(fd.get('year')), type: String(fd.get('type')) as ReportExportTypeEnum, email: email || undefined }));
      const res = r.getReportExportV2;
      this.msg.replaceChildren(h('p', { class: 'notice ok' }, res.isCached ? 'You have this report already, up to date: it is in the list below.'
        : `Report requested. It appears below when it is ready${email ? `, and we e-mail a link to ${email}` : ''}.`));
      await this.load();
    } catch (err) {
      this.msg.replaceChildren(problem(err));
    }
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.alive) {
        await sleep(1000);
        const reports = (await this.app.q(Q.REPORTS)).getReports;
        if (!this.alive) return;
        this.render(reports);
        if (!reports.some(pending)) return;
      }
    } catch (err) {
      this.list.replaceChildren(problem(err, () => this.load()));
    } finally {
      this.polling = false;
    }
  }

  private async download(r: Report, b: HTMLButtonElement) {
    try {
      const u = await busy(b, 'Preparing…', () => this.app.q(Q.DOWNLOAD_URL, { id: r.id }));
      const a = h('a', { href: u.getReportDownloadUrl.url, download: u.getReportDownloadUrl.fileName, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      this.msg.replaceChildren(h('p', { class: 'notice ok', id: 'download-started' }, `Downloading ${u.getReportDownloadUrl.fileName}.`));
    } catch (err) {
      this.msg.replaceChildren(problem(err));
    }
  }
}

const pending = (r: Report) => r.status === 'QUEUED' || r.status === 'GENERATING';

// yearRows are a year's figures in the words of the client's rules: short and long term where the
// rules have holding terms (named as the rules name them: taxable and tax-free, non-discount and
// discount gains), gains and losses before them where the rules count them, the losses denied, the
// losses brought and carried forward, the discount, the threshold and the taxable part where the
// rules have them.
function yearRows(y: Year, rules: JurisdictionRules): [string, string, number, (c: number) => string][] {
  const w = rules.words;
  const rows: [string, string, number, (c: number) => string][] = [
    ['proceeds', w.proceeds, y.proceedsCents, money],
    ['cost-basis', w.cost, y.costBasisCents, money],
  ];
  if (rules.hasHoldingTerms) {
    rows.push(['short-term', `${w.shortTerm || 'Short-term'} gains`, y.shortTermCapGainsCents, signed],
      ['long-term', `${w.longTerm || 'Long-term'} gains`, y.longTermCapGainsCents, signed]);
  }
  if (!rules.hasHoldingTerms || (y.gainsCents !== null && y.gainsCents !== undefined)) {
    rows.push(['gains', w.gains, y.gainsCents ?? 0, money], ['losses', w.losses, -(y.lossesCents ?? 0), money]);
  }
  if (w.deniedLosses) rows.push(['denied-losses', w.deniedLosses, y.deniedLossesCents ?? 0, money]);
  rows.push(['capital-gains', w.netGain, y.capGainsCents, signed]);
  if (y.lossesBroughtForwardCents != null) rows.push(['losses-brought-forward', 'Net capital losses brought forward', y.lossesBroughtForwardCents, money]);
  if (y.discountCents != null) rows.push(['discount', 'CGT discount applied', y.discountCents, money]);
  if (y.gainThresholdCents != null) rows.push(['threshold', `${w.threshold || 'Threshold'} (taxed in full from this amount)`, y.gainThresholdCents, money]);
  if (w.taxableGain) rows.push(['taxable-gains', w.taxableGain, y.taxableCapitalGainsCents ?? 0, signed]);
  if (y.lossesCarriedForwardCents != null) rows.push(['losses-carried-forward', 'Net capital losses carried forward', y.lossesCarriedForwardCents, money]);
  rows.push(['income', 'Income', y.incomeCents, money]);
  if (w.taxableIncome && y.taxableIncomeCents != null) rows.push(['taxable-income', w.taxableIncome, y.taxableIncomeCents, money]);
  return rows;
}
