import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carousel, carouselDefaults, carouselOptions } from '../../runtime/controllers/carousel';
import { InvalidOptionsError } from '../../runtime/errors';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime, silenceConsole } from './helpers';

const markup = (json: string) => `<div data-sw-carousel='${json}' aria-label="News">
  <div data-sw-slide>A</div><div data-sw-slide>B</div><div data-sw-slide>C</div>
  <button type="button" data-sw-carousel-prev>Previous</button><button type="button" data-sw-carousel-next>Next</button>
</div>`;

describe('carousel options', () => {
  it('defaults: 5000 ms, wrapping (spec §9)', () => {
    html(markup(''));
    expect(carouselOptions(document.querySelector('[data-sw-carousel]')!)).toEqual({
      interval: 5000,
      wrap: true,
    });
    expect(carouselDefaults).toEqual({ interval: 5000, wrap: true });
  });

  it('bad fields keep their defaults, named in one warning; invalid JSON throws', () => {
    const { warn } = silenceConsole();
    html(markup('{"interval":-5,"wrap":"yes"}'));
    expect(carouselOptions(document.querySelector('[data-sw-carousel]')!)).toEqual({
      interval: 5000,
      wrap: true,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/invalid interval, wrap/);
    html(markup('{interval:1}'));
    expect(() => carouselOptions(document.querySelector('[data-sw-carousel]')!)).toThrow(InvalidOptionsError);
  });

  it('an interval out of range is clamped with a warning: never a timer that overflows, nor a blur', () => {
    const { warn } = silenceConsole();
    html(markup('{"interval":3000000000}'));
    expect(carouselOptions(document.querySelector('[data-sw-carousel]')!).interval).toBe(2_147_483_647);
    html(markup('{"interval":1}'));
    expect(carouselOptions(document.querySelector('[data-sw-carousel]')!).interval).toBe(1000);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1]![0])).toMatch(/out of range: interval 1 \(1000 used\)/);
  });
});

describe('carousel rotation timing (fake timers)', () => {
  let rt: Runtime | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    vi.useRealTimers();
  });
  const start = (json: string, page = markup(json)) => {
    html(page);
    rt = runtime([{ name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel }]);
    rt.start();
    return () => [...document.querySelectorAll<HTMLElement>('[data-sw-slide]')].findIndex((s) => !s.hidden);
  };

  it('advances every interval and wraps', () => {
    const shown = start('{"interval":2000}');
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(1999);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(shown()).toBe(0);
  });

  it('without wrap it stops on the last slide, and Next is aria-disabled there', () => {
    const shown = start('{"interval":1000,"wrap":false}');
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBe(2);
    expect(document.querySelector('[data-sw-carousel-next]')!.getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('[data-sw-carousel]')!.getAttribute('aria-live')).toBe('polite');
  });

  it('focusing or pointing at the rotation control keeps its label node: a press started on it still clicks', () => {
    start('');
    const toggle = document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    const label = toggle.firstChild;
    // What a press does before its click: the pointer enters, the button takes focus.
    toggle.dispatchEvent(new Event('pointerenter', { bubbles: false }));
    toggle.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // WebKit drops the click of a press whose target text node was replaced meanwhile.
    expect(toggle.firstChild).toBe(label);
  });

  it('"n of N" and a button per slide say where it is; a button shows its slide, which gets a full interval', () => {
    const shown = start('{"interval":2000}');
    const position = document.querySelector('[data-sw-carousel-position]')!;
    const dots = [...position.querySelectorAll('button')];
    expect(position.querySelector('p')!.textContent).toBe('1 of 3');
    // For the eye: each slide is already named so, and the carousel is a live region when stopped.
    expect(position.querySelector('p')!.getAttribute('aria-hidden')).toBe('true');
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual(['true', null, null]);
    vi.advanceTimersByTime(1500);
    dots[2]!.click();
    expect(shown()).toBe(2);
    expect(position.querySelector('p')!.textContent).toBe('3 of 3');
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    vi.advanceTimersByTime(1999);
    expect(shown()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(0);
    expect(position.querySelector('p')!.textContent).toBe('1 of 3');
  });

  it('after a pause, rotation resumes with the time that was left, not a full interval', () => {
    const shown = start('{"interval":2000}');
    const root = document.querySelector('[data-sw-carousel]')!;
    vi.advanceTimersByTime(1500);
    root.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBe(0);
    root.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(499);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(1);
    // The rotation control's stop and start keep the time left too; the next slide gets a full one.
    const toggle = document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    vi.advanceTimersByTime(1200);
    toggle.click();
    vi.advanceTimersByTime(5000);
    toggle.click();
    vi.advanceTimersByTime(799);
    expect(shown()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(2);
    vi.advanceTimersByTime(1999);
    expect(shown()).toBe(2);
  });

  it('Start pressed with focus and the pointer on it rotates (APG), until Stop or a step of the visitor’s', () => {
    const shown = start('{"interval":1000}');
    const root = document.querySelector('[data-sw-carousel]')!;
    const toggle = document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    toggle.focus();
    root.dispatchEvent(new Event('pointerenter'));
    toggle.click(); // Stop
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(0);
    toggle.click(); // Start: it said so, and did nothing until focus and pointer left
    expect([toggle.textContent, root.getAttribute('aria-live')]).toEqual(['Stop slide rotation', 'off']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe(1);
    document.querySelector<HTMLElement>('[data-sw-carousel-next]')!.click(); // focus and pointer hold it again
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(2);
    expect(root.getAttribute('aria-live')).toBe('polite');
    // Started again, then focus goes into the slide shown: rotating would hide it under the focus.
    toggle.click();
    toggle.click();
    const slide = document.querySelectorAll<HTMLElement>('[data-sw-slide]')[2]!;
    slide.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(2);
  });

  it('Previous and Next written as links step without following the link (Bootstrap’s markup)', () => {
    const shown = start(
      '',
      `<div data-sw-carousel aria-label="News" id="news"><div data-sw-slide>A</div><div data-sw-slide>B</div>
      <a href="#news" data-sw-carousel-prev>Previous</a><a href="#news" data-sw-carousel-next><span>Next</span></a></div>`,
    );
    const press = (sel: string) => {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.querySelector(sel)!.dispatchEvent(click);
      return [click.defaultPrevented, shown()];
    };
    expect(press('[data-sw-carousel-next] span')).toEqual([true, 1]);
    expect(press('[data-sw-carousel-prev]')).toEqual([true, 0]);
  });

  it('sound playing in a slide going out of sight is paused (WCAG 1.4.2); a muted video is left alone', () => {
    const page = markup('{"interval":1000}').replace(
      '<div data-sw-slide>A</div>',
      '<div data-sw-slide><video id="talk"></video><video id="loop" muted></video><audio id="tune"></audio></div>',
    );
    const paused = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: Element) {
      calls.push(this.id);
    });
    const calls: string[] = [];
    try {
      const shown = start('', page);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(shown()).toBe(1);
      expect(calls).toEqual(['talk', 'tune']);
    } finally {
      paused.mockRestore();
    }
  });

  it('focus gone from a slide into a dialog it opened (a lightbox) keeps rotation stopped; gone elsewhere, it resumes', () => {
    const page =
      markup('{"interval":1000}').replace('>A<', '><a id="opener" href="/a.jpg">A</a><') +
      '<dialog open><button id="in">Close</button></dialog><a id="out" href="/x">x</a>';
    const shown = start('', page);
    const opener = document.getElementById('opener')!;
    const leave = (to: string) =>
      opener.dispatchEvent(
        new FocusEvent('focusout', { bubbles: true, relatedTarget: document.getElementById(to) }),
      );
    opener.focus();
    leave('in');
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(0);
    leave('out');
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe(1);
  });

  it('the pointer leaving for a dialog opened over it, without focus (a click in Safari), keeps rotation stopped until that dialog closes', () => {
    const shown = start(
      '',
      markup('{"interval":1000}') + '<dialog data-sw-dialog><button>Close</button></dialog>',
    );
    const root = document.querySelector('[data-sw-carousel]')!;
    const dialog = document.querySelector('dialog')!;
    root.dispatchEvent(new Event('pointerenter'));
    dialog.setAttribute('open', ''); // the lightbox, opened by a click on a slide's link
    root.dispatchEvent(new MouseEvent('pointerleave', { relatedTarget: dialog })); // its backdrop under the pointer
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(0);
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close')); // close does not bubble
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe(1);
  });

  it('a carousel inside a dialog: focus gone to the dialog’s own controls resumes rotation', () => {
    const page = `<dialog open>${markup('{"interval":1000}').replace('>A<', '><a id="opener" href="/a">A</a><')}<button id="close">Close</button></dialog>`;
    const shown = start('', page);
    const opener = document.getElementById('opener')!;
    opener.focus();
    const close = document.getElementById('close');
    opener.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: close }));
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe(1);
  });

  it('without wrap, Start on the last slide starts again from the first', () => {
    const shown = start('{"interval":1000,"wrap":false}');
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBe(2);
    const toggle = document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    expect(toggle.textContent).toBe('Start slide rotation');
    toggle.click();
    // It did nothing before: the label said Stop for one interval, then Start again.
    expect(shown()).toBe(0);
    expect(toggle.textContent).toBe('Stop slide rotation');
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe(1);
  });

  it('arrow keys: not with a modifier (Alt+Left is Back), not from inside a slide (its focus would be hidden)', () => {
    html(
      markup('').replace('<div data-sw-slide>A</div>', '<div data-sw-slide>A <a href="/a">more</a></div>'),
    );
    rt = runtime([{ name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel }]);
    rt.start();
    const shown = () =>
      [...document.querySelectorAll<HTMLElement>('[data-sw-slide]')].findIndex((s) => !s.hidden);
    const press = (target: Element, init: KeyboardEventInit) => {
      const e = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const next = document.querySelector('[data-sw-carousel-next]')!;
    for (const mod of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'])
      expect(press(next, { [mod]: true }), mod).toBe(false);
    expect(press(document.querySelector('[data-sw-slide] a')!, {})).toBe(false);
    expect(shown()).toBe(0);
    expect(press(next, {})).toBe(true);
    expect(shown()).toBe(1);
  });

  it('slides with a meaning of their own keep it (an image its alt text, a list item its list); containers become groups "n of N"', () => {
    start(
      '',
      `<div data-sw-carousel aria-label="Rooms"><img data-sw-slide src="a.jpg" alt="Waiting room">
      <ul><li data-sw-slide>Lab</li></ul><figure data-sw-slide>X</figure></div>`,
    );
    const [img, li, figure] = [...document.querySelectorAll('[data-sw-slide]')];
    for (const el of [img!, li!]) {
      expect(['role', 'aria-label', 'aria-roledescription'].filter((a) => el.hasAttribute(a))).toEqual([]);
    }
    expect(img!.getAttribute('alt')).toBe('Waiting room');
    expect([figure!.getAttribute('role'), figure!.getAttribute('aria-label')]).toEqual(['group', '3 of 3']);
    expect(li!.hasAttribute('hidden')).toBe(true); // shown one at a time all the same
  });

  it("destroy puts back the builder's own aria-disabled and aria-live", () => {
    html(
      markup('{"wrap":false}')
        .replace('aria-label="News"', 'aria-label="News" aria-live="assertive"')
        .replace('data-sw-carousel-prev', 'data-sw-carousel-prev aria-disabled="false"'),
    );
    rt = runtime([{ name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel }]);
    rt.start();
    const prev = document.querySelector('[data-sw-carousel-prev]')!;
    expect(prev.getAttribute('aria-disabled')).toBe('true'); // the first slide, no wrapping
    rt.destroy();
    rt = undefined;
    expect(prev.getAttribute('aria-disabled')).toBe('false');
    expect(document.querySelector('[data-sw-carousel-next]')!.hasAttribute('aria-disabled')).toBe(false);
    expect(document.querySelector('[data-sw-carousel]')!.getAttribute('aria-live')).toBe('assertive');
  });

  it('destroy restores the builder markup: every slide shown, no control left', () => {
    start('');
    rt!.destroy();
    rt = undefined;
    expect(
      [...document.querySelectorAll<HTMLElement>('[data-sw-slide]')].every(
        (s) => !s.hidden && !s.hasAttribute('role'),
      ),
    ).toBe(true);
    expect(document.querySelector('[data-sw-carousel-rotation]')).toBeNull();
    expect(document.querySelector('[data-sw-carousel-position]')).toBeNull();
    expect(document.querySelector('[data-sw-carousel]')!.hasAttribute('aria-live')).toBe(false);
  });
});

describe('carousel: slides added or removed later (a script, an editor)', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
  });
  const start = (html_: string) => {
    html(html_);
    rt = runtime([{ name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel }]);
    rt.start();
  };
  const slides = () => [...document.querySelectorAll<HTMLElement>('[data-sw-slide]')];
  const position = () => document.querySelector('[data-sw-carousel-position] p')?.textContent;
  const next = () => document.querySelector<HTMLButtonElement>('[data-sw-carousel-next]')!.click();
  const slide = (text: string) => Object.assign(document.createElement('div'), { textContent: text });

  it('an added slide is counted, hidden until its turn, and reached by Next', async () => {
    start(markup(''));
    const d = slide('D');
    d.setAttribute('data-sw-slide', '');
    slides()[2]!.after(d);
    await vi.waitFor(() => expect(position()).toBe('1 of 4'));
    expect(d.hidden).toBe(true);
    expect(document.querySelectorAll('[data-sw-carousel-rotation]')).toHaveLength(1);
    next();
    next();
    next();
    expect(slides().filter((s) => !s.hidden)).toEqual([d]);
    expect(position()).toBe('4 of 4');
  });

  it('a rotation the visitor stopped stays stopped when the carousel is built again (WCAG 2.2.2)', async () => {
    start(markup(''));
    const toggle = () => document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    const playing = toggle().textContent;
    toggle().click();
    const stopped = toggle().textContent;
    expect(stopped).not.toBe(playing);
    const d = slide('D');
    d.setAttribute('data-sw-slide', '');
    slides()[2]!.after(d);
    await vi.waitFor(() => expect(position()).toBe('1 of 4'));
    expect(toggle().textContent).toBe(stopped);
    expect(document.querySelector('[data-sw-carousel]')!.getAttribute('aria-live')).toBe('polite');
  });

  it('built again under the visitor (a slide added), it stays on their slide and keeps focus on their control', async () => {
    start(markup(''));
    const add = (text: string) => {
      const el = slide(text);
      el.setAttribute('data-sw-slide', '');
      slides().at(-1)!.after(el);
    };
    const toggle = () => document.querySelector<HTMLButtonElement>('[data-sw-carousel-rotation]')!;
    const dots = () => [
      ...document.querySelectorAll<HTMLButtonElement>('[data-sw-carousel-position] button'),
    ];
    const shown = () =>
      slides()
        .filter((s) => !s.hidden)
        .map((s) => s.textContent);
    next();
    toggle().focus();
    add('D');
    await vi.waitFor(() => expect(dots()).toHaveLength(4));
    expect(shown()).toEqual(['B']);
    expect(position()).toBe('2 of 4');
    expect(document.activeElement).toBe(toggle());
    dots()[2]!.focus();
    dots()[2]!.click();
    add('E');
    await vi.waitFor(() => expect(dots()).toHaveLength(5));
    expect(shown()).toEqual(['C']);
    expect(document.activeElement).toBe(dots()[2]);
    expect(dots()[2]!.getAttribute('aria-current')).toBe('true');
    // A slide before it removed: focus stays on C's button, now the second; the last one
    // removed under its own button: on the button of the slide shown.
    slides()[0]!.remove();
    await vi.waitFor(() => expect(dots()).toHaveLength(4));
    expect(shown()).toEqual(['C']);
    expect(document.activeElement).toBe(dots()[1]);
    dots()[3]!.focus(); // E's, C still shown
    slides().at(-1)!.remove();
    await vi.waitFor(() => expect(dots()).toHaveLength(3));
    expect(document.activeElement).toBe(dots()[1]);
  });

  it('built again while focus is on Next or the pointer is over it, it does not start rotating', async () => {
    vi.useFakeTimers();
    try {
      start(markup('{"interval":1000}'));
      const root = document.querySelector('[data-sw-carousel]')!;
      document.querySelector<HTMLButtonElement>('[data-sw-carousel-next]')!.focus();
      const add = () => {
        const d = slide('D');
        d.setAttribute('data-sw-slide', '');
        slides().at(-1)!.after(d);
      };
      add();
      await vi.waitFor(() => expect(position()).toBe('1 of 4'));
      expect(root.getAttribute('aria-live')).toBe('polite'); // not rotating
      vi.advanceTimersByTime(1500);
      expect(position()).toBe('1 of 4');
      (document.activeElement as HTMLElement).blur();
      root.dispatchEvent(new Event('pointerenter'));
      vi.spyOn(root, 'matches').mockImplementation(function (this: Element, sel: string) {
        return sel === ':hover' || Element.prototype.matches.call(this, sel);
      });
      slides().at(-1)!.remove();
      await vi.waitFor(() => expect(position()).toBe('1 of 3'));
      vi.advanceTimersByTime(1500);
      expect(position()).toBe('1 of 3');
      // On touch a tap's :hover stays after its pointerleave: not taken for a pointer inside.
      const media = window.matchMedia;
      vi.spyOn(window, 'matchMedia').mockImplementation((q) =>
        q === '(hover: hover)' ? ({ matches: false } as MediaQueryList) : media.call(window, q),
      );
      add();
      await vi.waitFor(() => expect(position()).toBe('1 of 4'));
      vi.advanceTimersByTime(1500);
      expect(position()).toBe('2 of 4');
    } finally {
      vi.useRealTimers();
    }
  });

  it('with one slide left, its Previous and Next are hidden: they would do nothing; two again, shown', async () => {
    start(markup(''));
    const ends = () => [
      ...document.querySelectorAll<HTMLElement>('[data-sw-carousel-prev], [data-sw-carousel-next]'),
    ];
    slides()[2]!.remove();
    slides()[1]!.remove();
    await vi.waitFor(() => expect(position()).toBeUndefined());
    expect(ends().map((b) => b.hidden)).toEqual([true, true]);
    // Hidden whatever the builder's CSS says (contract: enhanced, the runtime decides).
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = 'button{display:inline-block}';
    expect(ends().map((b) => getComputedStyle(b).display)).toEqual(['none', 'none']);
    style.remove();
    const b = slide('B');
    b.setAttribute('data-sw-slide', '');
    slides()[0]!.after(b);
    await vi.waitFor(() => expect(position()).toBe('1 of 2'));
    expect(ends().map((b) => b.hidden)).toEqual([false, false]);
    rt!.destroy();
    rt = undefined;
    slides()[1]!.remove();
    start(document.body.innerHTML);
    expect(ends().map((b) => b.hidden)).toEqual([true, true]);
    rt!.destroy();
    rt = undefined;
    expect(ends().map((b) => b.hidden)).toEqual([false, false]);
  });

  it('a removed slide is no longer counted nor shown: Next always shows a slide of the page', async () => {
    start(markup(''));
    const b = slides()[1]!;
    b.remove();
    await vi.waitFor(() => expect(position()).toBe('1 of 2'));
    next();
    expect(
      slides()
        .filter((s) => !s.hidden)
        .map((s) => s.textContent),
    ).toEqual(['C']);
    expect(position()).toBe('2 of 2');
    expect(rt!.registry.inspect().map((m) => m.state)).toEqual(['enhanced']);
  });

  it('invalid JSON is warned about and the element left plain, whatever the number of slides', () => {
    const { warn, error } = silenceConsole();
    for (const slides of ['', '<div data-sw-slide>A</div>']) {
      rt?.destroy();
      start(`<div data-sw-carousel='{interval:1}' aria-label="News">${slides}</div>`);
      const root = document.querySelector('[data-sw-carousel]')!;
      expect(root.hasAttribute('data-sw-ready'), slides || 'no slide').toBe(false);
    }
    expect(warn.mock.calls.length + error.mock.calls.length).toBe(2);
  });

  it('one slide stays plain; a second one added makes it a carousel, and removing it makes it plain again', async () => {
    start(`<div data-sw-carousel aria-label="News"><div data-sw-slide>A</div></div>`);
    expect(position()).toBeUndefined();
    const b = slide('B');
    b.setAttribute('data-sw-slide', '');
    slides()[0]!.after(b);
    await vi.waitFor(() => expect(position()).toBe('1 of 2'));
    expect(b.hidden).toBe(true);
    b.remove();
    await vi.waitFor(() => expect(position()).toBeUndefined());
    expect(slides()[0]!.hidden).toBe(false);
    expect(document.querySelector('[data-sw-carousel-rotation]')).toBeNull();
  });

  it('its own controls, and content added inside a slide, do not rebuild it', async () => {
    start(markup(''));
    const toggle = document.querySelector('[data-sw-carousel-rotation]');
    slides()[0]!.append(slide('more text'));
    next(); // the position's dots and text change too
    await rt!.work.idle(); // a frame and a task later: the observer's records are long delivered
    expect(document.querySelector('[data-sw-carousel-rotation]')).toBe(toggle);
    expect(position()).toBe('2 of 3');
  });
});

describe('carousel height: the first reading waits for a frame', () => {
  afterEach(() => vi.restoreAllMocks());
  const start = () => {
    html(markup(''));
    const rt = runtime([
      { name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel },
    ]);
    const slides = [...document.querySelectorAll<HTMLElement>('[data-sw-slide]')];
    // happy-dom lays nothing out: the slides report their own heights, 40, 80 and 60 px.
    const boxes = slides.map((s, i) =>
      vi.spyOn(s, 'getBoundingClientRect').mockReturnValue({ height: [40, 80, 60][i]! } as DOMRect),
    );
    const reads = vi.spyOn(window, 'getComputedStyle');
    rt.start();
    return { rt, slides, reads, boxes };
  };

  it('connecting reads no style or layout (the first layout stays in the rendering step); the frame before paint sets the tallest', async () => {
    const { rt, slides, reads, boxes } = start();
    expect(reads).not.toHaveBeenCalled();
    expect(boxes.every((b) => b.mock.calls.length === 0)).toBe(true);
    expect(slides.every((s) => s.style.minHeight === '')).toBe(true);
    await rt.work.idle();
    expect(slides.map((s) => s.style.minHeight)).toEqual(['80px', '80px', '80px']);
    rt.destroy();
  });

  it('an image loading late in a hidden slide makes it read again: the tallest is known before its turn', async () => {
    const { rt, slides, boxes } = start();
    await rt.work.idle();
    const img = slides[2]!.appendChild(document.createElement('img'));
    boxes[2]!.mockReturnValue({ height: 140 } as DOMRect);
    img.dispatchEvent(new Event('load')); // load does not bubble: heard in the capture phase
    img.dispatchEvent(new Event('load'));
    await rt.work.idle();
    expect(slides.map((s) => s.style.minHeight)).toEqual(['140px', '140px', '140px']);
    expect(boxes[2]!.mock.calls).toHaveLength(2); // once at first, once for both loads
    rt.destroy();
  });

  it('a web font arriving makes it read again: a hidden slide’s text wraps anew (font-display: swap)', async () => {
    const fonts = new EventTarget();
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    try {
      const { rt, slides, boxes } = start();
      await rt.work.idle();
      boxes[2]!.mockReturnValue({ height: 120 } as DOMRect);
      fonts.dispatchEvent(new Event('loadingdone'));
      await rt.work.idle();
      expect(slides.map((s) => s.style.minHeight)).toEqual(['120px', '120px', '120px']);
      rt.destroy();
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });

  it('a carousel gone before that frame is left as the builder wrote it', async () => {
    const { rt, slides } = start();
    const idle = rt.work.idle();
    rt.destroy();
    await idle;
    await new Promise((r) => requestAnimationFrame(r));
    expect(slides.every((s) => !s.hasAttribute('style'))).toBe(true);
  });
});
