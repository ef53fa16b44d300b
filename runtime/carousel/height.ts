import { boxExtra, dropEmptyStyle } from '../dom';
import type { Work } from '../work';

/**
 * Issue 14, point 3: every slide keeps the height of the tallest, so a rotation to a shorter or
 * taller slide never moves what follows the carousel (a layout shift nobody asked for). The
 * heights are read with every slide displayed, as the contract shows them without script, and
 * read again when the carousel's width changes or a slide outgrows the tallest (an image that
 * loaded late). Reads come first, then the writes, in one go: no frame shows the slides out.
 * The first reading waits for an animation frame (still before that frame's paint): the
 * page's first style and layout, which a reading forces, then come in the frame that paints
 * them, not inside the runtime's start, which they made one long task. Returns the undo (the
 * builder's own `min-height` back).
 */
export function keepTallest(
  root: HTMLElement,
  slides: HTMLElement[],
  signal: AbortSignal,
  work: Work,
): () => void {
  const win = root.ownerDocument.defaultView!;
  const before = slides.map((s) => [s.style.minHeight, s.style.display, s.hasAttribute('style')] as const);
  let tallest = 0;
  let width = -1;
  const measure = () => {
    const hidden = slides.map((s) => s.hidden);
    slides.forEach((s, i) => ((s.hidden = false), (s.style.minHeight = before[i]![0])));
    // Block slides are read and shown as roots of their own (flow-root): their children's top
    // and bottom margins stay inside, as measured. A margin collapsing through the shown slide
    // (a text slide's first <p>) would move it, and all below, at each rotation. Hidden slides
    // stay hidden: the stylesheet's [hidden] rule is !important.
    slides.forEach((s) => win.getComputedStyle(s).display === 'block' && (s.style.display = 'flow-root'));
    const sizes = slides.map(
      (s) => [s.getBoundingClientRect().height, boxExtra(win.getComputedStyle(s))] as const,
    );
    tallest = Math.max(...sizes.map(([h]) => h));
    slides.forEach((s, i) => {
      s.hidden = hidden[i]!;
      if (tallest > 0) s.style.minHeight = `${tallest - sizes[i]![1]}px`;
    });
  };
  work.frame(measure, signal);
  // An image (or a frame) loading late in a hidden slide changes no rendered box: read again
  // after it, not when its slide comes round and moves the page. One reading a frame.
  let again: (() => void) | undefined;
  const load = () => (again ??= work.frame(() => ((again = undefined), measure()), signal));
  root.addEventListener('load', load, { capture: true, signal });
  // A web font arriving re-wraps a hidden slide's text as well (`font-display: swap`).
  win.document.fonts?.addEventListener('loadingdone', load, { signal });
  if (typeof win.ResizeObserver === 'function') {
    const observer = new win.ResizeObserver((entries) => {
      const own = entries.find((e) => e.target === root);
      const wider = !!own && width >= 0 && own.contentRect.width !== width; // not the first answer
      if (own) width = own.contentRect.width;
      const outgrown = entries.some(
        (e) => e.target !== root && (e.borderBoxSize?.[0]?.blockSize ?? 0) > tallest + 0.5,
      );
      if (wider || outgrown) measure();
    });
    [root, ...slides].forEach((el) => observer.observe(el));
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  }
  return () =>
    slides.forEach((s, i) => {
      const [minHeight, display, hadStyle] = before[i]!;
      s.style.minHeight = minHeight;
      s.style.display = display;
      // Removing the attribute, never writing it: a page's CSP may refuse inline style attributes.
      if (!hadStyle) dropEmptyStyle(s);
    });
}
