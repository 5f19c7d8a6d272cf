// Ctx is what the layout (portal.ts) hands every view: the app, the recalculation state and the
// review count in the navigation. It lives apart from app.ts so that recalc.ts, which uses App, and
// the views import without a circle.

import type { App } from './app';
import type { Recalc } from './recalc';

export interface Ctx {
  app: App;
  recalc: Recalc;
  reviewCount: (n: number) => void;
}
