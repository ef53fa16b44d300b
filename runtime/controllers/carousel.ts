import type { Controller } from '../controller';
import { inFormField } from '../dom';
import { carouselStrings } from '../i18n/carousel';
import { describe, log } from '../log';
import { clampTime, jsonAttribute, timerRange } from '../options';
import { attr } from '../schema';

/** Spec §9: a carousel advances every 5000 ms and wraps. */
export const carouselDefaults = { interval: 5000, wrap: true };

const css = `[${attr.carousel}] [${attr.slide}][hidden]{display:none!important}`;

/** Options with per-field defaults; invalid JSON throws (the carousel stays plain). */
export function carouselOptions(el: Element): typeof carouselDefaults {
  const raw = jsonAttribute(el, attr.carousel) ?? {};
  const out = { ...carouselDefaults };
  const bad: string[] = [];
  if ('interval' in raw) {
    if (typeof raw.interval === 'number' && raw.interval > 0 && Number.isFinite(raw.interval))
      out.interval = raw.interval;
    else bad.push('interval');
  }
  if ('wrap' in raw) {
    if (typeof raw.wrap === 'boolean') out.wrap = raw.wrap;
    else bad.push('wrap');
  }
  if (bad.length) log.warn(`${describe(el)}: invalid ${bad.join(', ')}; the default is used.`);
  const clamped: string[] = [];
  out.interval = clampTime(out.interval, timerRange.interval, 'interval', clamped);
  if (clamped.length) log.warn(`${describe(el)}: out of range: ${clamped.join(', ')}.`);
  return out;
}

/**
 * `data-sw-carousel` (W3C APG carousel): one slide at a time, each a group labelled "n of N"
 * in a labelled region. A rotation control comes first in the tab order (WCAG 2.2.2).
 * Rotation stops while the pointer or keyboard focus is inside and while the page is hidden,
 * and starts stopped under prefers-reduced-motion; the slides are a live region only while
 * not rotating. Previous/Next buttons and the arrow keys (outside form fields) move by one.
 */
export const carousel: Controller = {
  connect(root, ctx) {
    const { runtime } = ctx;
    const win = runtime.window;
    const doc = runtime.document;
    const own = (sel: string) =>
      [...root.querySelectorAll<HTMLElement>(sel)].filter(
        (e) => e.parentElement?.closest(`[${attr.carousel}]`) === root,
      );
    const slides = own(`[${attr.slide}]`);
    if (slides.length < 2) return;
    const options = carouselOptions(root);
    const t = runtime.strings(carouselStrings);
    runtime.adoptStyles(css);

    const undo: (() => void)[] = [];
    const set = (el: Element, name: string, value: string) => {
      const was = el.getAttribute(name);
      el.setAttribute(name, value);
      undo.push(() => (was === null ? el.removeAttribute(name) : el.setAttribute(name, was)));
    };
    if (!root.hasAttribute('role') && root.localName !== 'section') set(root, 'role', 'region');
    set(root, 'aria-roledescription', t('carousel'));
    if (!root.hasAttribute('aria-label') && !root.hasAttribute('aria-labelledby'))
      set(root, 'aria-label', t('carousel'));
    slides.forEach((slide, i) => {
      set(slide, 'role', 'group');
      set(slide, 'aria-roledescription', t('slide'));
      if (!slide.hasAttribute('aria-label') && !slide.hasAttribute('aria-labelledby'))
        set(slide, 'aria-label', t('of', { n: i + 1, total: slides.length }));
      const wasHidden = slide.hidden;
      undo.push(() => (slide.hidden = wasHidden));
    });

    const toggle = doc.createElement('button');
    toggle.type = 'button';
    toggle.setAttribute('data-sw-carousel-rotation', '');
    root.prepend(toggle);
    undo.push(() => toggle.remove());
    const [prev, next] = [attr.carouselPrev, attr.carouselNext].map((name) => own(`[${name}]`)[0]);

    const reduced = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let index = Math.max(
      0,
      slides.findIndex((s) => !s.hidden),
    );
    let playing = !reduced;
    const inside = { pointer: false, focus: false };
    let timer = 0;

    const show = (to: number) => {
      index = options.wrap
        ? (to + slides.length) % slides.length
        : Math.min(Math.max(to, 0), slides.length - 1);
      slides.forEach((s, i) => (s.hidden = i !== index));
      if (!options.wrap) {
        for (const [b, end] of [
          [prev, index === 0],
          [next, index === slides.length - 1],
        ] as const) {
          if (!b) continue;
          if (end) b.setAttribute('aria-disabled', 'true');
          else b.removeAttribute('aria-disabled');
        }
      }
    };
    const update = () => {
      const rotating = playing && !inside.pointer && !inside.focus && !doc.hidden;
      // Only when it changes: update() also runs on focusin and pointerenter, and WebKit drops
      // the click of a press whose text node was replaced between mousedown and mouseup
      // (a first click on the control, which focuses it, did nothing there).
      const label = playing ? t('stop') : t('start');
      if (toggle.textContent !== label) toggle.textContent = label;
      root.setAttribute('aria-live', rotating ? 'off' : 'polite');
      if (rotating && !timer) {
        timer = win.setTimeout(
          ctx.guard(() => {
            timer = 0;
            if (!options.wrap && index === slides.length - 1) playing = false;
            else show(index + 1);
            update();
          }),
          options.interval,
        );
      } else if (!rotating && timer) {
        win.clearTimeout(timer);
        timer = 0;
      }
    };
    const live = root.getAttribute('aria-live');
    undo.push(() => {
      win.clearTimeout(timer);
      if (live === null) root.removeAttribute('aria-live');
      else root.setAttribute('aria-live', live);
      prev?.removeAttribute('aria-disabled');
      next?.removeAttribute('aria-disabled');
    });

    ctx.listen(toggle, 'click', () => {
      playing = !playing;
      update();
    });
    ctx.listen(root, 'click', (e) => {
      const b = (e.target as Element).closest('button');
      if (!b || b.getAttribute('aria-disabled') === 'true') return;
      if (b === prev) show(index - 1);
      else if (b === next) show(index + 1);
    });
    ctx.listen<KeyboardEvent>(root, 'keydown', (e) => {
      if (e.defaultPrevented || inFormField(e.target)) return;
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      show(index + (e.key === 'ArrowLeft' ? -1 : 1));
    });
    const track = (key: keyof typeof inside, on: boolean) => {
      inside[key] = on;
      update();
    };
    ctx.listen(root, 'pointerenter', () => track('pointer', true));
    ctx.listen(root, 'pointerleave', () => track('pointer', false));
    ctx.listen(root, 'focusin', () => track('focus', true));
    ctx.listen<FocusEvent>(root, 'focusout', (e) => {
      if (!root.contains(e.relatedTarget as Node | null)) track('focus', false);
    });
    ctx.listen(doc, 'visibilitychange', update);

    show(index);
    update();
    return () => {
      for (const fn of undo.reverse()) fn();
    };
  },
};
