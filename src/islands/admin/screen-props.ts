import type { RouteParams } from './router/match-route.ts';

/** What every screen receives from the router. */
export interface ScreenProps {
  params: RouteParams;
  /** the query string of the view's address, '' or '?a=b' */
  search: string;
}
