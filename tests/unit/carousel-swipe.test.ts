import { describe, expect, it, vi } from 'vitest';
import { carouselSwipe } from '../../runtime/carousel/swipe';
import { html } from './helpers';

const pointer = (type: string, x: number, target: Element, id = 1) =>
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, pointerId: id, pointerType: 'touch', clientX: x, clientY: 10 }),
  );

describe('carousel swipe (issue 16)', () => {
  const setUp = (reduced = false) => {
    html(`<div data-sw-carousel id="c">
      <div data-sw-slide id="a" style="transform: rotate(1deg)"><a href="#x">A</a>
        <div data-sw-carousel id="inner"><div data-sw-slide id="i1">1</div><div data-sw-slide id="i2" hidden>2</div></div>
      </div>
      <div data-sw-slide hidden>B</div><button type="button">Next</button></div>`);
    const root = document.getElementById('c')!;
    const slides = [...root.querySelectorAll<HTMLElement>(':scope > [data-sw-slide]')];
    const step = vi.fn();
    const abort = new AbortController();
    carouselSwipe(root, slides, step, reduced, abort.signal);
    return { root, slide: document.getElementById('a')!, step, abort };
  };

  it('right to left (dir="rtl"), a swipe to the left goes back and one to the right goes on', () => {
    const { root, slide, step } = setUp();
    root.setAttribute('dir', 'rtl');
    for (const [from, to] of [
      [200, 100],
      [100, 200],
    ]) {
      pointer('pointerdown', from!, slide);
      pointer('pointermove', to!, slide);
      pointer('pointerup', to!, slide);
    }
    expect(step.mock.calls).toEqual([[-1], [1]]);
  });

  it('the slide follows the finger; a long swipe steps, a short one snaps back; a link may start it', () => {
    const { root, slide, step } = setUp();
    expect(root.style.touchAction).toBe('pan-y pinch-zoom');
    const link = slide.querySelector('a')!;
    pointer('pointerdown', 200, link);
    pointer('pointermove', 150, link);
    pointer('pointermove', 100, link);
    expect(slide.style.transform).toBe('translateX(-100px)');
    pointer('pointerup', 100, link);
    expect(step).toHaveBeenCalledWith(1);
    // Stepped away from (hidden at once): back where the builder had it, not animated.
    expect(slide.getAttribute('style')).toBe('transform: rotate(1deg);');
    pointer('pointerdown', 100, slide);
    pointer('pointermove', 130, slide);
    pointer('pointerup', 130, slide);
    expect(step).toHaveBeenCalledTimes(1);
    // A short one snaps back, animated; then the builder's own transition is back.
    expect(slide.style.transform).toBe('rotate(1deg)');
    expect(slide.style.transition).toBe('transform .2s');
    slide.querySelector('a')!.dispatchEvent(new Event('transitionend', { bubbles: true })); // not the slide's
    expect(slide.style.transition).toBe('transform .2s');
    slide.dispatchEvent(new Event('transitionend', { bubbles: true }));
    expect(slide.getAttribute('style')).toBe('transform: rotate(1deg);');
    // Snapping back and cancelled (a new drag, the slide hidden): the same.
    pointer('pointerdown', 100, slide);
    pointer('pointermove', 130, slide);
    pointer('pointerup', 130, slide);
    slide.dispatchEvent(new Event('transitioncancel', { bubbles: true }));
    expect(slide.getAttribute('style')).toBe('transform: rotate(1deg);');
    // Dragged and brought back to where it started: nothing would animate, nothing stays.
    pointer('pointerdown', 100, slide);
    pointer('pointermove', 130, slide);
    pointer('pointermove', 100, slide);
    pointer('pointerup', 100, slide);
    expect(slide.getAttribute('style')).toBe('transform: rotate(1deg);');
    pointer('pointerdown', 100, slide);
    pointer('pointermove', 200, slide);
    pointer('pointerup', 200, slide);
    expect(step).toHaveBeenLastCalledWith(-1);
  });

  it('a tap writes nothing on the slide', () => {
    const { slide } = setUp();
    pointer('pointerdown', 100, slide);
    pointer('pointerup', 100, slide);
    expect(slide.getAttribute('style')).toBe('transform: rotate(1deg)');
  });

  it('presses on its buttons, a video or audio player, a mouse, and a carousel nested in a slide are not its swipes', () => {
    const { root, step } = setUp();
    const player = document.getElementById('a')!.appendChild(document.createElement('video'));
    for (const target of [root.querySelector('button')!, document.getElementById('i1')!, player]) {
      pointer('pointerdown', 200, target);
      pointer('pointermove', 50, target);
      pointer('pointerup', 50, target);
    }
    const slide = document.getElementById('a')!;
    slide.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, pointerId: 2, pointerType: 'mouse', clientX: 200 }),
    );
    pointer('pointermove', 50, slide, 2);
    pointer('pointerup', 50, slide, 2);
    expect(step).not.toHaveBeenCalled();
  });

  it('under reduced motion only the step: nothing follows the finger', () => {
    const { slide, step } = setUp(true);
    pointer('pointerdown', 200, slide);
    pointer('pointermove', 100, slide);
    expect(slide.style.transform).toBe('rotate(1deg)');
    pointer('pointerup', 100, slide);
    expect(step).toHaveBeenCalledWith(1);
  });

  it('on abort the root and the slides are as the builder wrote them', () => {
    const { root, slide, abort } = setUp();
    pointer('pointerdown', 200, slide);
    pointer('pointermove', 100, slide);
    abort.abort();
    expect(root.style.touchAction).toBe('');
    expect(slide.style.transform).toBe('rotate(1deg)');
    expect(slide.style.transition).toBe('');
  });
});
