import { afterEach, describe, expect, it, vi } from 'vitest';
import { modal } from '../../runtime/controllers/modal';
import { modalCommand } from '../../runtime/modal/api';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

/**
 * happy-dom lays nothing out: its checkVisibility() says true under a `hidden` ancestor, and
 * it has no moveBefore. Both are given here as the browsers have them (tests/e2e/modals.spec.ts
 * checks the real ones, in Chromium and Firefox).
 */
const proto = Element.prototype as Element & { moveBefore?(node: Node, child: Node | null): void };
function browserLike() {
  const moved: Node[] = [];
  vi.spyOn(Element.prototype, 'checkVisibility').mockImplementation(function (this: Element) {
    return !this.closest('[hidden],details:not([open]) > :not(summary)');
  });
  proto.moveBefore = function (node: Node, child: Node | null) {
    moved.push(node);
    this.insertBefore(node, child);
  };
  return moved;
}

describe('a modal whose place the page hides', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    delete proto.moveBefore;
    vi.restoreAllMocks();
  });
  const start = (markup: string) => {
    html(markup);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
  };
  const dialogOf = (id: string) => document.getElementById(id)!.closest('dialog')!;
  const comments = () => {
    const walk = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
    let n = 0;
    while (walk.nextNode()) n++;
    return n;
  };

  it('opens from the end of the body, goes back once closed; one in a shown place stays there', async () => {
    browserLike();
    start(`<div id="slide" hidden><div id="m" data-sw-modal><h2>Flu shots</h2></div></div>
      <details id="more"><summary>More</summary><div id="d" data-sw-modal><h2>Hours</h2></div></details>
      <main><div id="v" data-sw-modal><h2>Visits</h2></div></main>`);
    for (const [id, place] of [
      ['m', 'slide'],
      ['d', 'more'],
    ]) {
      modalCommand(rt!, id, 'open');
      expect(dialogOf(id!).open).toBe(true);
      expect(dialogOf(id!).parentElement).toBe(document.body);
      expect(dialogOf(id!).hasAttribute('style')).toBe(false); // the probe leaves nothing
      modalCommand(rt!, id, 'close');
      await vi.waitFor(() => expect(dialogOf(id!).parentElement!.id).toBe(place));
      expect(dialogOf(id!).open).toBe(false);
      expect(comments()).toBe(0);
    }
    modalCommand(rt!, 'v', 'open');
    expect(dialogOf('v').parentElement!.localName).toBe('main');
  });

  it('one in an inert or aria-hidden container (drawn, but kept from the visitor) opens from the body too', async () => {
    browserLike();
    start(`<div id="panel" inert><div id="m" data-sw-modal><h2>Flu shots</h2></div></div>
      <div id="slide" aria-hidden="true"><div id="a" data-sw-modal><h2>Hours</h2></div></div>
      <div aria-hidden="false"><div id="v" data-sw-modal><h2>Visits</h2></div></div>`);
    for (const [id, place] of [
      ['m', 'panel'],
      ['a', 'slide'],
    ]) {
      modalCommand(rt!, id, 'open');
      expect(dialogOf(id!).parentElement).toBe(document.body);
      modalCommand(rt!, id, 'close');
      await vi.waitFor(() => expect(dialogOf(id!).parentElement!.id).toBe(place));
    }
    modalCommand(rt!, 'v', 'open');
    expect(dialogOf('v').parentElement!.getAttribute('aria-hidden')).toBe('false');
  });

  it('opened again it leaves its place again; taken down while open, its element goes back there', async () => {
    browserLike();
    start(`<div id="slide" hidden><div id="m" data-sw-modal><h2>Flu shots</h2></div></div>`);
    modalCommand(rt!, 'm', 'open');
    modalCommand(rt!, 'm', 'close');
    await vi.waitFor(() => expect(dialogOf('m').open).toBe(false));
    modalCommand(rt!, 'm', 'open');
    await new Promise((r) => setTimeout(r, 20));
    expect(dialogOf('m').parentElement).toBe(document.body);
    expect(dialogOf('m').open).toBe(true);
    rt!.destroy();
    rt = undefined;
    expect(document.getElementById('m')!.parentElement!.id).toBe('slide');
    expect(document.querySelector('dialog')).toBeNull();
    expect(comments()).toBe(0);
  });

  it('moves the modal into its dialog, and the dialog out and back, with moveBefore (its iframes are not loaded again)', async () => {
    const moved = browserLike();
    start(`<div id="slide" hidden><div id="m" data-sw-modal><h2>Flu shots</h2></div></div>`);
    const el = document.getElementById('m')!;
    expect(moved).toEqual([el]);
    modalCommand(rt!, 'm', 'open');
    expect(moved).toEqual([el, dialogOf('m')]);
    modalCommand(rt!, 'm', 'close');
    await vi.waitFor(() => expect(moved).toEqual([el, dialogOf('m'), dialogOf('m')]));
    rt!.destroy();
    rt = undefined;
    expect(moved.at(-1)).toBe(el); // back in the page
    expect(el.parentElement!.id).toBe('slide');
  });
});
