import type { ControllerContext } from './controller';

/**
 * Connects `ctx`'s element again when what `read` finds under `root` changes (elements added,
 * removed or moved by a builder's script or an editor): a controller that read them once at
 * connect is rebuilt around those there are then. Its own controls, and content changing
 * inside what it read, rebuild nothing.
 */
export function rebuildOnChange(ctx: ControllerContext, root: Element, read: () => Element[]): void {
  const first = read();
  const observer = new ctx.runtime.window.MutationObserver(
    ctx.guard(() => {
      const now = read();
      if (now.length !== first.length || now.some((el, i) => el !== first[i])) ctx.reconnect();
    }),
  );
  observer.observe(root, { childList: true, subtree: true });
  ctx.signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
