import { Activity, Suspense, useEffect, useState } from 'react';
import { matchRoute } from '../router/match-route.ts';
import { adminRoutes } from '../routes.ts';
import { touchLru } from '../lib/lru.ts';
import { Loading } from './StatusMessage.tsx';
import { NotFound } from './NotFound.tsx';
import { ViewErrorBoundary } from './ViewErrorBoundary.tsx';

/** SPEC.md §9: the page-view cache keeps at most 10 entries. */
export const KEEP_ALIVE_MAX = 10;

interface Props {
  /** the current view's path; a view is one path, its query is state inside it */
  current: string;
  search: string;
  /** a path that was replaced in the history: its view is not kept */
  replaced?: string | null;
}

function View({ pathname, search }: { pathname: string; search: string }) {
  const match = matchRoute(adminRoutes, pathname);
  if (!match?.route.screen) return <NotFound />;
  const Screen = match.route.screen;
  return (
    <ViewErrorBoundary>
      <Suspense fallback={<Loading label="화면을 불러오는 중…" />}>
        <Screen params={match.params} search={search} />
      </Suspense>
    </ViewErrorBoundary>
  );
}

/**
 * Renders the 10 most recently visited views; only the current one is visible. Hidden views keep
 * their state (filters, half-filled forms, scroll of their lists) through React's <Activity>.
 */
export function KeepAlive({ current, search, replaced = null }: Props) {
  const [views, setViews] = useState<string[]>([current]);
  const [searches, setSearches] = useState<Record<string, string>>({ [current]: search });
  useEffect(
    () =>
      setViews((v) =>
        touchLru(
          v.filter((view) => view !== replaced),
          current,
          KEEP_ALIVE_MAX,
        ),
      ),
    [current, replaced],
  );
  useEffect(
    () => setSearches((s) => (s[current] === search ? s : { ...s, [current]: search })),
    [current, search],
  );
  const kept = views.filter((view) => view !== replaced);
  const shown = kept.includes(current) ? kept : [current, ...kept].slice(0, KEEP_ALIVE_MAX);
  return (
    <>
      {shown.map((address) => (
        <Activity key={address} mode={address === current ? 'visible' : 'hidden'}>
          <div className="view" data-view={address}>
            <View
              pathname={address}
              search={address === current ? search : (searches[address] ?? '')}
            />
          </div>
        </Activity>
      ))}
    </>
  );
}
