import type { ControllerContext } from './controller';

/**
 * Connects `ctx`'s element again when what `read` finds under `root` changes (elements added,
 * removed or moved by a builder's script or an editor): a controller that read them once at
 * connect is rebuilt around those there are then. Its own controls, and content changing
 * inside what it read, rebuild nothing.
 *
 * A rebuild happens under the visitor's hand, so what they had (a list opened, a slide, focus
 * on a control the disconnect removes) is carried across it: returns what the disconnect
 * before this connect `hold`s, if it was that connect's rebuild (WCAG 3.2.2), and `hold`. Held
 * for the connect that follows at once only: an element put back much later starts afresh.
 * Held by the marked element, not by `root`: two galleries watch the same body.
 */
export function rebuildOnChange<T>(ctx: ControllerContext, root: Element, read: () => Element[]) {
  const first = read();
  const observer = new ctx.runtime.window.MutationObserver(
    ctx.guard(() => {
      const now = read();
      if (now.length !== first.length || now.some((el, i) => el !== first[i])) ctx.reconnect();
    }),
  );
  observer.observe(root, { childList: true, subtree: true });
  ctx.signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  const held = ctx.runtime.shared(rebuildOnChange, () => new WeakMap<Element, unknown>());
  const key = ctx.element;
  const was = held.get(key) as T | undefined;
  held.delete(key);
  const hold = (now: T) => {
    held.set(key, now);
    queueMicrotask(() => held.delete(key));
  };
  return [was, hold] as const;
}
