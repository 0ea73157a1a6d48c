import { atom, onMount } from 'nanostores';

export interface AdminLocation {
  pathname: string;
  search: string;
  /** the path this address replaced (navigate with replace), whose kept view is then dropped */
  replaced: string | null;
}

function current(replaced: string | null = null): AdminLocation {
  if (typeof window === 'undefined') return { pathname: '/admin', search: '', replaced: null };
  return { pathname: window.location.pathname, search: window.location.search, replaced };
}

/** The console's current address; the URL is the truth, so reloads and deep links land on the same screen. */
export const $location = atom<AdminLocation>(current());

onMount($location, () => {
  const onPop = () => $location.set(current());
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
});

/** Goes to another console address without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (!to.startsWith('/admin')) {
    window.location.assign(to);
    return;
  }
  const from = window.location.pathname;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  $location.set(
    current(options.replace && from !== window.location.pathname ? from.replace(/\/+$/, '') : null),
  );
}

/** A query parameter of the current address. */
export function queryParam(location: AdminLocation, name: string): string | null {
  return new URLSearchParams(location.search).get(name);
}
