import { after } from '../defer';
import type { Controller } from '../controller';
import { dropEmptyStyle, fragmentTarget, isPlainClick } from '../dom';
import { attr, legacyLightboxSelector } from '../schema';

/** Spec §9: the target's top lands 100 px below the top of the viewport. */
export const ANCHOR_OFFSET = 100;

/** Links another controller owns: their clicks open things rather than scroll. */
const claimedLink = [
  `[${attr.modalOpen}]`,
  `[${attr.lightbox}]`,
  legacyLightboxSelector,
  `[${attr.tile}]`,
  `[${attr.consentAction}]`,
  // The carousel's own controls (Bootstrap's are `<a href="#carousel">`); a slide's links are the page's.
  `[${attr.carouselPrev}]`,
  `[${attr.carouselNext}]`,
].join(',');
const claimedTarget = [`[${attr.modal}]`, `[${attr.consentModal}]`, `[${attr.tileContent}]`].join(',');

/**
 * Smooth anchor scrolling for every `a[href^="#"]` no other marker claims (connected once,
 * on the document element). It keeps the browser's own fragment navigation, so the hash,
 * history, Back and `:target` behave natively; it only sets, for that one navigation, a
 * scroll margin of 100 px on the target and smooth scrolling (none under reduced motion),
 * then moves keyboard focus to the target so the next Tab continues from there.
 */
export const anchors: Controller = {
  connect(root, ctx) {
    const win = ctx.runtime.window;
    const doc = root.ownerDocument;
    if (ctx.runtime.env.local) return;
    let restore: (() => void) | undefined;
    // Under a <base> (another folder, or the page without its query) `#id` is another page's:
    // the browser leaves, and the page left must not be scrolled or focused first.
    // So is one opened in another tab or window (its own target, or the <base>'s).
    const elsewhere = (href: string, a: Element) => {
      const page = (url: string) => url.replace(/#.*$/, '');
      const target = a.getAttribute('target') ?? doc.querySelector('base[target]')?.getAttribute('target');
      return (
        page(new URL(href, doc.baseURI).href) !== page(win.location.href) || !/^(_self)?$/i.test(target ?? '')
      );
    };

    ctx.listen<MouseEvent>(doc, 'click', (e) => {
      if (!isPlainClick(e)) return;
      const a = (e.target as Element | null)?.closest?.('a[href]');
      const href = a?.getAttribute('href') ?? '';
      if (!a || !href.startsWith('#') || href.length < 2 || a.matches(claimedLink) || elsewhere(href, a))
        return;
      const target = fragmentTarget(doc, href);
      if (!target || target.matches(claimedTarget)) return;

      restore?.();
      const reduced = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const unstyle = [
        setStyle(target, 'scrollMarginTop', `${ANCHOR_OFFSET}px`),
        setStyle(doc.documentElement, 'scrollBehavior', reduced ? 'auto' : 'smooth'),
      ];
      // This navigation's own listener: a second click must not leave the first one behind.
      const done = new AbortController();
      const undo = () => {
        unstyle.forEach((f) => f());
        done.abort();
        restore = undefined;
      };
      // Put the styles back once the scroll is over (or after a generous bound).
      after(win, done.signal, 3000, undo, ctx.runtime.work);
      win.addEventListener('scrollend', undo, { once: true, signal: done.signal });
      restore = undo;

      const given = !target.matches('a[href],button,input,select,textarea,[tabindex]');
      if (given) {
        target.setAttribute('tabindex', '-1');
        untab = () => target.removeAttribute('tabindex');
        target.addEventListener('blur', untab, { once: true, signal: ctx.signal });
      }
      const focus = () => target.focus({ preventScroll: true });
      focus();
      if (doc.activeElement === target) return;
      // Not focusable yet (shown only under :target, which the navigation after this click
      // sets): once more after it. One that still cannot never blurs: its tabindex goes then.
      const untabUnfocused = () =>
        given && doc.activeElement !== target && target.removeAttribute('tabindex');
      // This click's navigation only, and only while focus is still where the click left it.
      const still = doc.activeElement;
      const retry = () =>
        fragmentTarget(doc, win.location.hash) === target && doc.activeElement === still && focus();
      win.addEventListener('hashchange', () => (retry(), untabUnfocused()), {
        once: true,
        signal: done.signal,
      });
      unstyle.push(untabUnfocused);
    });
    // The one target still focused at disconnect (destroy()) gives its tabindex back too: the
    // others gave theirs back when focus left them.
    let untab: (() => void) | undefined;
    return () => {
      restore?.();
      untab?.();
    };
  },
};

/**
 * Sets one inline style property of `el`; the undo puts its value back, and leaves no empty
 * `style` attribute where there was none.
 */
function setStyle(el: HTMLElement, name: 'scrollMarginTop' | 'scrollBehavior', value: string): () => void {
  const had = el.hasAttribute('style');
  const before = el.style[name];
  el.style[name] = value;
  return () => {
    el.style[name] = before;
    if (!had) dropEmptyStyle(el);
  };
}
