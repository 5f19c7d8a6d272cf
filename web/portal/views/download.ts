// The page of an e-mailed report link (?code&report&expires&signature): the server checks the link
// before the page is sent (DownloadState), so the page says what is true (ready, expired, not
// valid, gone) and downloads with the link's signature, without a sign-in.

import { ApiError, errorText, signedDownload } from '../api';
import { h, clear, when } from '../dom';

export interface DownloadState {
  state: 'ready' | 'expired' | 'invalid' | 'gone';
  reportType?: string;
  year?: number | null;
  fileName?: string;
  expiresAt?: string;
}

const NAMES: Record<string, string> = {
  'tax-forms': 'tax forms', 'form-8949-csv': 'Form 8949', 'form-8949-pdf': 'Form 8949', 'schedule-d-csv': 'Schedule D',
  'schedule-d-pdf': 'Schedule D', 'schedule-1-pdf': 'Schedule 1', 'capital-gains-csv': 'capital gains report', 'income-csv': 'income report',
  'transaction-history-csv': 'transaction history', 'turbotax-csv': 'TurboTax file', 'taxact-csv': 'TaxAct file',
  'holdings-csv': 'year-end holdings',
};

export function downloadPage(main: HTMLElement, q: URLSearchParams, st?: DownloadState) {
  const code = q.get('code') || '';
  const report = q.get('report') || '';
  const expires = Number(q.get('expires'));
  const signature = q.get('signature') || '';
  const clean = () => history.replaceState(null, '', location.pathname);
  if (document.readyState === 'complete') clean();
  else window.addEventListener('load', clean, { once: true });

  const section = (title: string, ...body: (Node | string)[]) => {
    clear(main);
    main.append(h('section', { class: 'panel state', id: 'state-download', 'data-state': st?.state || 'unchecked', 'aria-labelledby': 'dl-h' },
      h('h1', { id: 'dl-h' }, title), ...body));
  };
  const again = 'Request the report again in the tax portal of your provider: it e-mails you a new link.';
  switch (st?.state) {
    case 'expired':
      return section('This download link has expired', h('p', { id: 'download-expired' }, `For your security, download links work for a limited time. ${again}`));
    case 'invalid':
      return section('This download link does not work', h('p', { id: 'download-invalid' }, `The link is incomplete or was changed. Open the whole link from the e-mail, or: ${again.charAt(0).toLowerCase()}${again.slice(1)}`));
    case 'gone':
      return section('This report is no longer available', h('p', { id: 'download-gone' }, again));
  }
  const msg = h('div', { id: 'download-message', role: 'status', 'aria-live': 'polite' });
  const button = h('button', {
    type: 'button', id: 'download-report',
    onclick: async () => {
      button.disabled = true;
      msg.replaceChildren(h('p', {}, 'Preparing your download…'));
      try {
        const r = await signedDownload(code, report, expires, signature);
        msg.replaceChildren(r === 'ok' ? h('p', { class: 'notice ok', id: 'download-started' }, 'Your download has started.')
          : r === 'expired' ? h('p', { class: 'notice error', role: 'alert', id: 'download-expired' }, `This link has expired. ${again}`)
            : h('p', { class: 'notice error', role: 'alert', id: 'download-gone' }, `This report is no longer available. ${again}`));
      } catch (err) {
        msg.replaceChildren(h('p', { class: 'notice error', role: 'alert' }, err instanceof ApiError ? err.message : errorText(err)));
      } finally {
        button.disabled = false;
      }
    },
  }, 'Download') as HTMLButtonElement;
  if (st?.state === 'ready') {
    const name = NAMES[st.reportType || ''] || 'tax report';
    const what = `${st.year ? `${st.year} ` : ''}${name}`;
    return section(`Your ${what} ${name === 'tax forms' ? 'are' : 'is'} ready`,
      h('p', {}, st.fileName ? `The file ${st.fileName} is ready to download.` : 'The file is ready to download.',
        st.expiresAt ? ` This link works until ${when(st.expiresAt)}.` : ''),
      button, msg);
  }
  // A page served without the server's check (a partner hosting the portal itself).
  return section('Download your tax report', h('p', {}, expires ? `This link works until ${when(new Date(expires * 1000).toISOString())}.` : ''), button, msg);
}
