/**
 * A reducer's state held outside the components that draw it: the controller's adapter
 * dispatches what the page asks for (a click on a tile, a `#hash`), the components read it
 * with `useStore` (use-store.ts: the hook, so that a store costs no preact where nothing draws)
 * and dispatch what the visitor does. The reducer stays a pure function,
 * tested without a DOM.
 */
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
