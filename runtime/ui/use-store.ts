import { useLayoutEffect, useReducer } from 'react';
import type { Store } from './store';

/**
 * The store's state, re-rendering on every change. Subscribed in a layout effect, right after
 * the first commit: preact/compat's useSyncExternalStore subscribes in a passive effect, which
 * waits for the next frame, so a dispatch before it (a click as the component appears, or a
 * page whose frames are held back) would not re-render.
 */
export function useStore<S, A>(store: Store<S, A>): S {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const state = store.get();
  useLayoutEffect(() => {
    const unsubscribe = store.subscribe(changed);
    if (store.get() !== state) changed();
    return unsubscribe;
  }, [store]);
  return state;
}
