/**
 * A reducer's state held outside the components that draw it: the controller's adapter
 * dispatches what the page asks for (a click on a tile, a `#hash`), the components read it
 * with `useStore` and dispatch what the visitor does. The reducer stays a pure function,
 * tested without a DOM.
 */
import { useLayoutEffect, useReducer } from 'react';

export interface Store<S, A> {
  get(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S): Store<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

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
