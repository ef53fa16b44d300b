import type { CarouselText } from './labels';

/**
 * Where the carousel is (issue 16): "2 of 5" and a button per slide, after the slides. The
 * buttons are named like the slides ("3 of 5") and the one shown is `aria-current`; the text is
 * for the eye only, since the carousel is a live region while stopped and each slide is
 * already named "n of N". Built at connect, which for the page's own markup is before first
 * paint, so the row never moves the page later. Returns the buttons and what shows an index;
 * what is added goes on `undo`.
 */
export function slidePosition(root: Element, count: number, t: CarouselText, undo: (() => void)[]) {
  const doc = root.ownerDocument;
  const box = doc.createElement('div');
  box.setAttribute('data-sw-carousel-position', '');
  const text = doc.createElement('p');
  text.setAttribute('aria-hidden', 'true');
  const dots = Array.from({ length: count }, (_, i) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.setAttribute('aria-label', t('of', { n: i + 1, total: count }));
    return b;
  });
  box.append(text, ...dots);
  root.append(box);
  undo.push(() => box.remove());
  return [
    dots,
    (index: number) => {
      const label = t('of', { n: index + 1, total: count });
      if (text.textContent !== label) text.textContent = label;
      dots.forEach((d, i) =>
        i === index ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current'),
      );
    },
  ] as const;
}
