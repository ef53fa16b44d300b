import { keepAttribute } from '../carousel/labels';
import type { Controller } from '../controller';
import { fragmentId, fragmentTarget } from '../dom';
import { jsonAttribute, unknownKeys, warnOptions, type OptionReport } from '../options';
import { rebuildOnChange } from '../rebuild';
import { attr } from '../schema';
import { ANCHOR_OFFSET } from './anchors';

/** Spec §2: scroll-spy is off; when a builder turns it on, its offset is 50 px. */
export const SCROLL_SPY_OFFSET = 50;

interface Options {
  scrollSpy: boolean;
  offset: number;
}

/**
 * The options as every marker's (contract): a field of the wrong kind or unknown is named;
 * invalid JSON throws (the menu stays plain). The editors' checker reads them through this too.
 */
export function readAnchorMenuOptions(menu: Element): { options: Options } & OptionReport {
  const raw = jsonAttribute(menu, attr.anchorMenu) ?? {};
  const names = ['scrollSpy', 'offset'];
  const bad = names.filter((k, i) => k in raw && typeof raw[k] !== ['boolean', 'number'][i]);
  const options = {
    scrollSpy: raw.scrollSpy === true,
    offset: typeof raw.offset === 'number' ? raw.offset : SCROLL_SPY_OFFSET,
  };
  return { options, bad, unknown: unknownKeys(raw, names), clamped: [] };
}

/**
 * `data-sw-anchor-menu`: its `#anchor` links become active on click, one at a time (class
 * `active`, `aria-current="true"`). Scroll-spy is an option,
 * `data-sw-anchor-menu='{"scrollSpy":true}'`, off by default.
 */
export const anchorMenu: Controller = {
  connect(menu, ctx) {
    const win = ctx.runtime.window;
    // An SVG <a> has no hash (nor focus ring of its own): HTML links only.
    const links = [...menu.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].filter(
      (a) => a instanceof win.HTMLAnchorElement && a.hash.length > 1,
    );
    const report = readAnchorMenuOptions(menu);
    warnOptions(menu, report);
    const { options } = report;
    // Links added, removed or moved later: built again around those there are then, the link
    // active and the section a click took the page to carried across.
    const [was, hold] = rebuildOnChange<[Element | undefined, Element | null]>(ctx, menu, () => [
      ...menu.querySelectorAll('a'),
    ]);
    // The builder's own marks come back at destroy (an editor may save the page as it is then).
    const undo: (() => void)[] = [];
    for (const a of links) for (const name of ['class', 'aria-current']) keepAttribute(a, name, undo);
    let clicked = was?.[1] ?? null; // the section a click in the menu took the page to
    let active: Element | undefined;
    const activate = (link: Element | undefined) => {
      active = link;
      for (const a of links) {
        const on = a === link;
        a.classList.toggle('active', on);
        if (!a.classList.length) a.removeAttribute('class');
        if (on) a.setAttribute('aria-current', 'true');
        else a.removeAttribute('aria-current');
      }
    };
    ctx.listen<MouseEvent>(menu, 'click', (e) => {
      // A new tab, a download: nothing scrolls here. A page's own smooth scrolling that
      // prevents the click still follows the link: it counts.
      if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element).closest('a');
      if (!a || !links.includes(a as HTMLAnchorElement)) return;
      activate(a);
      clicked = fragmentTarget(win.document, (a as HTMLAnchorElement).hash);
    });
    // The address names a section (a reload, a link from another page, Back and Forward):
    // its link is the active one. Back to the address without a fragment clears the mark; one
    // naming a section outside the menu leaves it.
    // (Back and Forward fire hashchange between entries pushState made too.)
    const fromAddress = (changed?: Event) => {
      const id = fragmentId(win.location.hash);
      const link = id ? links.find((a) => fragmentId(a.hash) === id) : undefined;
      if (link || (changed && !id)) activate(link);
    };
    const kept = links.find((a) => a === was?.[0]);
    if (kept) activate(kept);
    if (!options.scrollSpy) {
      if (!kept) fromAddress();
      ctx.listen(win, 'hashchange', fromAddress);
    } else {
      const { work } = ctx.runtime;
      let frame: (() => void) | undefined;
      const spy = () => {
        frame = undefined;
        activate(spied(win, links, options.offset, clicked));
      };
      ctx.listen(win, 'scroll', () => (frame ??= work.frame(ctx.guard(spy), ctx.signal)), {
        passive: true,
      });
      // A page restored mid-way (reload, Back) shows the right link before any scroll.
      frame = work.frame(ctx.guard(spy), ctx.signal);
      ctx.signal.addEventListener('abort', () => frame?.());
    }
    return () => {
      hold([active, clicked]);
      undo.forEach((fn) => fn());
    };
  },
};

/**
 * Scroll-spy's link: the last whose section's top is within `offset` of the viewport's top, or
 * that of `clicked`, the section a click in the menu took the page to.
 */
function spied(win: Window, links: HTMLAnchorElement[], offset: number, clicked: Element | null) {
  const doc = win.document;
  const end = Math.ceil(win.scrollY + win.innerHeight) >= doc.documentElement.scrollHeight;
  let current: HTMLAnchorElement | undefined;
  for (const a of links) {
    const target = fragmentTarget(doc, a.hash);
    const top = target?.getBoundingClientRect().top ?? Infinity;
    // A click puts its section 100 px down (smooth anchors), below the spy's line: there
    // it is the current one, as the click said, until the visitor scrolls it away. So it is
    // at the end of the page, where a last section cannot come up that far.
    if (top <= offset || (target == clicked && (top <= ANCHOR_OFFSET + 1 || end))) current = a;
  }
  return current;
}
