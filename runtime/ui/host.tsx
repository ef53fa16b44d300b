import { Component, useLayoutEffect, useReducer, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** One mounted portal: re-render it with a new node, or take it away. */
export interface Mounted {
  update(node: ReactNode): void;
  /** Takes it away at once: its components' cleanups have run when this returns. */
  unmount(): void;
}

export interface UiHost {
  /**
   * Renders `node` into `target` (at once) through a portal of the instance's single React root,
   * inside an error boundary of its own: a component that throws takes down only its own
   * portal, is reported once (naming `owner` and the element), and every other UI stays.
   */
  mount(target: Element, node: ReactNode, owner: { name: string; element: Element }): Mounted;
  destroy(): void;
}

interface Portal {
  key: number;
  target: Element;
  node: ReactNode;
  owner: { name: string; element: Element };
}

interface BoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** What the host needs from its runtime instance, and nothing more. */
export interface UiHostDeps {
  document: Document;
  /** Reports a component that threw (once, naming its owner); the runtime's registry logs it. */
  report(owner: { name: string; element: Element }, error: unknown): void;
}

export function createUiHost({ document: doc, report }: UiHostDeps): UiHost {
  const portals = new Map<number, Portal>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  let nextKey = 1;

  function Host(): ReactNode {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    useLayoutEffect(() => {
      listeners.add(rerender);
      // Portals mounted between the first render and this effect would otherwise wait.
      rerender();
      return () => void listeners.delete(rerender);
    }, []);
    return [...portals.values()].map((p) => (
      <Boundary key={p.key} onError={(err) => report(p.owner, err)}>
        {createPortal(p.node, p.target)}
      </Boundary>
    ));
  }

  // The root itself renders nothing visible (everything goes through portals), but it is
  // attached so React's event delegation sees events from portal content.
  const container = doc.createElement('div');
  container.hidden = true;
  container.setAttribute('data-sw-ui-root', '');
  doc.body.append(container);
  const root = createRoot(container);
  // Rendered at once, as every mount and unmount is: when `mount` returns, its component is in
  // the page (a controller marks its element ready right after).
  flushSync(() => root.render(<Host />));

  return {
    mount(target, node, owner) {
      const key = nextKey++;
      portals.set(key, { key, target, node, owner });
      // Says which feature draws here (and that a component does): for the builder's tools.
      target.setAttribute('data-sw-ui', owner.name);
      flushSync(changed);
      return {
        update(next) {
          const portal = portals.get(key);
          if (!portal) return;
          portal.node = next;
          changed();
        },
        unmount() {
          if (!portals.delete(key)) return;
          target.removeAttribute('data-sw-ui');
          // The caller's teardown (a controller's disconnect) comes next and must find the
          // builder's elements back in place.
          flushSync(changed);
        },
      };
    },
    destroy() {
      portals.clear();
      listeners.clear();
      root.unmount();
      container.remove();
    },
  };
}
