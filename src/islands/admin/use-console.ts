import { useStore } from '@nanostores/react';
import { $access } from './access-store.ts';
import type { ConsoleContext } from './access-store.ts';

/** The signed-in user's access and the association's config; screens render only once it is loaded. */
export function useConsole(): ConsoleContext {
  const state = useStore($access);
  if (state.status !== 'ready') throw new Error('useConsole before access is loaded');
  return state.context;
}
