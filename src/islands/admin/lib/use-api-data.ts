import { useCallback, useEffect, useState } from 'react';
import { ApiCallError } from '../../../lib/api-client.ts';

export interface ApiData<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  /** loads again, e.g. after a change */
  reload: () => void;
}

/** Loads data for a screen; the Korean error message of a failed call is kept for display. */
export function useApiData<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiData<T> {
  const [state, setState] = useState<{
    data: T | undefined;
    error: string | null;
    loading: boolean;
  }>({ data: undefined, error: null, loading: true });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` is the caller's list for its `load` (Biome checks it where useApiData is called) and `round` counts reloads; `load` itself is a new closure each render
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live && setState((s) => ({ data: s.data, error: errorMessage(error), loading: false })),
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** The Korean message of any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiCallError) return error.message;
  return '처리하지 못했습니다. 잠시 후 다시 시도해 주세요.';
}
