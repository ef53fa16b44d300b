import type { ControllerContext } from '../controller';

/**
 * What the visitor had open in a menu: the list below the breakpoint, the submenus, the submenu
 * whose button had focus. A tuple: the entry pays for every property name.
 */
export type Held = [list: boolean, open: Element[], focus?: Element];

/**
 * A menu rebuilt under the visitor's hand (a builder's script adding an item, the language
 * switcher replacing its fallback link) keeps what they had open, and their submenu button
 * focused, instead of collapsing (WCAG 3.2.2). Held for the connect that follows the disconnect
 * at once, not for a later one: a menu put back much later starts as a fresh one would.
 */
export function heldOpen(ctx: ControllerContext, nav: Element) {
  const held = ctx.runtime.shared(heldOpen, () => new WeakMap<Element, Held>());
  const was = held.get(nav);
  held.delete(nav);
  const hold = (now: Held) => {
    held.set(nav, now);
    queueMicrotask(() => held.delete(nav));
  };
  return [was, hold] as const;
}
