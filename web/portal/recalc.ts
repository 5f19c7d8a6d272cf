// The recalculation state every page shows under the navigation: settled (figures up to date),
// dirty (edits not in the figures yet, with a button to recalculate) or recalculating (progress),
// read from countDirty and getActiveRecalculateJob and started with rerunGraph. A fix made in the
// portal starts a recalculation by itself a moment after the last one (a burst of fixes is one
// run); the views read their figures again when it finishes.

import { App, problem } from './app';
import { ApiError, Expired } from './api';
import { h, announce, sleep, button } from './dom';
import * as Q from './gql';
import type { PortalActiveJobQuery } from './generated/graphql';

type Job = NonNullable<PortalActiveJobQuery['getActiveRecalculateJob']>;
export type RecalcState = 'settled' | 'dirty' | 'recalculating' | 'unreachable';

const POLL_MS = 1000;
// How long after the last fix the recalculation starts by itself.
export const AUTO_MS = 1500;
// How often the state is read again while nothing happens, and while the server cannot be reached:
// the bar never says "up to date" about a server it cannot reach.
const CHECK_MS = 15000;
const UNREACHABLE_RETRY_MS = 5000;

export class Recalc {
  readonly el = h('div', { id: 'recalc-status', class: 'status-bar', 'aria-live': 'polite' });
  state: RecalcState = 'settled';
  private following = false;
  private timer: number | undefined;
  private listeners: ((s: RecalcState) => void)[] = [];

  private check: number | undefined;

  constructor(private app: App) {
    // Edits and syncs make the ledger dirty; a finished run reads the state itself. A fix is
    // recalculated by itself.
    app.onChange((what) => {
      if (what === 'edit') this.soon();
      if (what !== 'results') this.refresh();
    });
    window.addEventListener('offline', () => this.unreachable());
    window.addEventListener('online', () => this.refresh());
  }

  // again reads the state again after ms (one pending read at a time).
  private again(ms: number) {
    window.clearTimeout(this.check);
    this.check = window.setTimeout(() => this.refresh(), ms);
  }

  private unreachable() {
    this.state = 'unreachable';
    this.el.dataset.state = 'unreachable';
    this.el.replaceChildren(h('div', { class: 'status unreachable', id: 'recalc-unreachable', role: 'status' },
      h('span', {}, 'We can’t reach the server right now, so what you see may be out of date. Trying again…')));
    for (const f of this.listeners) f('unreachable');
    this.again(UNREACHABLE_RETRY_MS);
  }

  // scheduled says whether a recalculation starts by itself in a moment.
  get scheduled(): boolean { return this.timer !== undefined; }

  // soon starts a recalculation AUTO_MS after the last call (once a running one has finished).
  private soon() {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      if (this.following) this.soon();
      else this.start();
    }, AUTO_MS);
  }

  onState(fn: (s: RecalcState) => void): () => void {
    this.listeners.push(fn);
    return () => { this.listeners = this.listeners.filter((f) => f !== fn); };
  }

  // refresh reads the state again (after an edit).
  async refresh() {
    if (this.following) return;
    try {
      const [dirty, job, last, accounts] = await Promise.all([
        this.app.q(Q.COUNT_DIRTY),
        this.app.q(Q.ACTIVE_JOB),
        this.app.q(Q.LAST_RUN),
        this.app.accounts(),
      ]);
      if (job.getActiveRecalculateJob) return this.follow(job.getActiveRecalculateJob);
      // A ledger never calculated has no dirty items to count, yet its figures are all missing.
      const never = !last.getMyActiveClient.lastRecalculatedAt && accounts.length > 0;
      this.show(dirty.countDirty > 0 || never ? 'dirty' : 'settled', dirty.countDirty, undefined, never);
      this.again(CHECK_MS);
    } catch (err) {
      if (err instanceof Expired) return;
      if (err instanceof ApiError && (err.code === 'OFFLINE' || err.status >= 500)) return this.unreachable();
      this.el.replaceChildren(problem(err, () => this.refresh()));
    }
  }

  // start recalculates now.
  async start() {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.following) return;
    try {
      const id = (await this.app.q(Q.RERUN)).rerunGraph;
      await this.follow({ id, status: 'QUEUED', progress: 0, attempt: 1 });
    } catch (err) {
      this.el.replaceChildren(problem(err, () => this.start()));
    }
  }

  private async follow(job: Job) {
    this.following = true;
    let active: Job | null = job;
    try {
      while (active) {
        this.show('recalculating', 0, active);
        await sleep(POLL_MS);
        try {
          active = (await this.app.q(Q.ACTIVE_JOB)).getActiveRecalculateJob;
        } catch (err) {
          if (err instanceof Expired) return;
          await sleep(POLL_MS * 3);
        }
      }
    } finally {
      this.following = false;
    }
    announce('Recalculation finished: your figures are up to date.');
    this.app.ledgerChanged('results');
    await this.refresh();
  }

  private show(state: RecalcState, dirty: number, job?: Job, never = false) {
    this.state = state;
    this.el.dataset.state = state;
    if (state === 'recalculating' && job) {
      const waiting = job.status === 'QUEUED';
      this.el.replaceChildren(h('div', { class: 'status recalculating', id: 'recalc-running' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('span', {}, waiting ? 'Updating your figures: queued…' : `Updating your figures… ${job.progress}%`),
        h('progress', { max: 100, value: job.progress, 'aria-label': 'Recalculation progress' })));
    } else if (state === 'dirty') {
      this.el.replaceChildren(h('div', { class: 'status dirty', id: 'recalc-dirty' },
        h('span', {}, never ? 'Your taxes have not been calculated yet.' : this.scheduled ? 'Updating your figures with your changes in a moment…'
          : dirty === 1 ? '1 change is not in your figures yet.' : `${dirty.toLocaleString('en-US')} changes are not in your figures yet.`),
        button(never ? 'Calculate' : this.scheduled ? 'Update now' : 'Recalculate', () => this.start(), 'small', { id: 'recalculate' })));
    } else {
      this.el.replaceChildren(h('div', { class: 'status settled', id: 'recalc-settled' },
        h('span', { class: 'check', 'aria-hidden': 'true' }, '✓'), h('span', {}, 'Your figures are up to date.')));
    }
    for (const f of this.listeners) f(state);
  }
}
