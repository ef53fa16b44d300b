import { describe, expect, it, vi } from 'vitest';
import type { Controller } from '../../runtime/controller';
import { counted, type ConsentClient } from '../../runtime/consent/client';
import { carousel } from '../../runtime/controllers/carousel';
import { rows } from '../../runtime/controllers/rows';
import { Work } from '../../runtime/work';
import { html, runtime } from './helpers';

/** A window whose frames and tasks run only when the test says so. */
function fakeWindow(hidden = false) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const visibility = new EventTarget();
  const document = Object.assign(visibility, { visibilityState: hidden ? 'hidden' : 'visible' });
  /** The page is hidden or shown, as a browser says it. */
  const show = (shown: boolean) => {
    document.visibilityState = shown ? 'visible' : 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const win = {
    document,
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    cancelAnimationFrame: (id: number) => (frames[id - 1] = () => {}),
    setTimeout: (cb: () => void) => tasks.push(cb),
  };
  const run = (queue: (() => void)[]) => async () => {
    queue.splice(0).forEach((cb) => cb());
    await Promise.resolve();
  };
  return { win: win as unknown as Window, frame: run(frames), task: run(tasks), frames, tasks, show };
}

function watch(p: Promise<void>) {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
}

describe('Work: what idle() waits for', () => {
  it('with nothing under way, resolves a frame and a task later', async () => {
    const w = fakeWindow();
    const idle = watch(new Work(w.win).idle());
    await w.task();
    expect(idle.done).toBe(false); // the frame first: a scroll's events come with it
    await w.frame();
    expect(idle.done).toBe(false);
    await w.task();
    expect(idle.done).toBe(true);
  });

  it('on a hidden page (no frames), a task later', async () => {
    const w = fakeWindow(true);
    const idle = watch(new Work(w.win).idle());
    await w.task();
    expect(idle.done).toBe(true);
  });

  it('waits for every hold, and checks again after the last one is released', async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    const a = work.hold();
    const b = work.hold();
    const idle = watch(work.idle());
    a();
    a(); // a release is idempotent: b still holds
    expect(work.pending).toBe(1);
    await w.frame();
    await w.task();
    expect(idle.done).toBe(false);
    b();
    await w.frame();
    await w.task();
    expect(idle.done).toBe(true);
  });

  it('work started inside the quiet frame (a scroll handler asking for a frame) is waited for', async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    const idle = watch(work.idle());
    let release = () => {};
    w.frames.unshift(() => (release = work.hold())); // a frame callback the page had already asked for
    await w.frame();
    await w.task();
    expect(idle.done).toBe(false);
    release();
    await w.frame();
    await w.task();
    expect(idle.done).toBe(true);
  });

  it('an aborted signal releases its holds; an already aborted one holds nothing', () => {
    const work = new Work(fakeWindow().win);
    const abort = new AbortController();
    work.hold(abort.signal);
    expect(work.pending).toBe(1);
    abort.abort();
    expect(work.pending).toBe(0);
    work.hold(abort.signal);
    expect(work.pending).toBe(0);
  });

  it('track counts a promise until it settles either way; frame until it runs or is cancelled', async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    let resolve = () => {};
    let reject = (_: Error) => {};
    void work.track(new Promise<void>((r) => (resolve = r)));
    work.track(new Promise<void>((_, r) => (reject = r))).catch(() => {});
    expect(work.pending).toBe(2);
    resolve();
    reject(new Error('no'));
    await Promise.resolve();
    await Promise.resolve();
    expect(work.pending).toBe(0);
    const ran: string[] = [];
    work.frame(() => ran.push('a'));
    const cancel = work.frame(() => ran.push('b'));
    expect(work.pending).toBe(2);
    cancel();
    expect(work.pending).toBe(1);
    await w.frame();
    expect(ran).toEqual(['a']);
    expect(work.pending).toBe(0);
  });

  it("a frame whose signal aborted before it came does not run (its connection's writes are undone)", async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    const gone = new AbortController();
    const ran: string[] = [];
    work.frame(() => ran.push('gone'), gone.signal);
    work.frame(() => ran.push('kept'), new AbortController().signal);
    gone.abort();
    expect(work.pending).toBe(1);
    await w.frame();
    expect(ran).toEqual(['kept']);
    expect(work.pending).toBe(0);
  });
});

describe('Work: a hidden page renders no frames', () => {
  it('a frame asked for on a hidden page is not waited for, and still runs once the page is shown', async () => {
    const w = fakeWindow(true);
    const work = new Work(w.win);
    const ran: string[] = [];
    work.frame(() => ran.push('measured'));
    expect(work.pending).toBe(1); // still under way, only not waited for while nothing renders
    const idle = watch(work.idle());
    await w.task();
    expect(idle.done).toBe(true);
    w.show(true);
    await w.frame();
    expect(ran).toEqual(['measured']);
    expect(work.pending).toBe(0);
  });

  it('a hidden page still waits for everything that is not a frame', async () => {
    const w = fakeWindow(true);
    const work = new Work(w.win);
    const release = work.hold();
    work.frame(() => {});
    const idle = watch(work.idle());
    await w.task();
    expect(idle.done).toBe(false);
    release();
    await w.task();
    expect(idle.done).toBe(true);
  });

  it('a page hidden while idle() waits: once the rest has settled, its frame is not waited for', async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    const release = work.hold();
    work.frame(() => {});
    const idle = watch(work.idle());
    w.show(false);
    release();
    await w.task();
    expect(idle.done).toBe(true);
    expect(work.pending).toBe(1);
  });

  it('a visible page waits for the frame; a frame whose signal aborted is not counted', async () => {
    const w = fakeWindow();
    const work = new Work(w.win);
    const gone = new AbortController();
    gone.abort();
    work.frame(() => {}, gone.signal);
    expect(work.pending).toBe(0);
    const live = new AbortController();
    work.frame(() => {}, live.signal);
    const idle = watch(work.idle());
    await w.task();
    expect(idle.done).toBe(false);
    live.abort();
    expect(work.pending).toBe(0);
    await w.frame();
    await w.task();
    expect(idle.done).toBe(true);
  });
});

describe('Work: the consent client', () => {
  it('counts each request until it answers', async () => {
    const work = new Work(fakeWindow().win);
    let answer = () => {};
    const never = () => Promise.resolve();
    const client = counted(
      {
        pending: () => new Promise<undefined>((r) => (answer = () => r(undefined))),
        read: never,
        save: never,
        resend: never,
        inject: never,
      } as unknown as ConsentClient,
      work,
    );
    const pending = client.pending();
    expect(work.pending).toBe(1);
    answer();
    await pending;
    await Promise.resolve();
    expect(work.pending).toBe(0);
  });
});

describe('Work: the runtime counts its own work', () => {
  const events: string[] = [];
  const lazy = (connect: Controller['connect']) => ({
    name: 'lightbox',
    selector: '[data-sw-lightbox]',
    load: 'idle' as const,
    importer: () =>
      new Promise<{ default: Controller }>((resolve) =>
        setTimeout(() => (events.push('chunk'), resolve({ default: { connect } })), 30),
      ),
  });

  it('not started yet is under way; a chunk, an async connect and a timer are waited for', async () => {
    events.length = 0;
    html('<a data-sw-lightbox href="/a.jpg">a</a>');
    const rt = runtime([
      lazy(
        (_el, ctx) =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              events.push('connected');
              ctx.after(40, () => events.push('timer'));
              resolve();
            }, 20),
          ),
      ),
    ]);
    expect(rt.work.pending).toBe(1);
    const idle = rt.work.idle().then(() => events.push('idle'));
    rt.start();
    await idle;
    expect(events).toEqual(['chunk', 'connected', 'timer', 'idle']);
    rt.destroy();
  });

  it("a background timer (a carousel's rotation) does not hold it; a disconnect releases a pending one", async () => {
    html('<div data-sw-x id="x"></div>');
    let fired = false;
    const rt = runtime([
      {
        name: 'x',
        selector: '[data-sw-x]',
        load: 'ready',
        controller: {
          connect(_el, ctx) {
            ctx.after(60_000, () => (fired = true), { background: true });
            ctx.after(60_000, () => (fired = true));
          },
        },
      },
    ]);
    rt.start();
    expect(rt.work.pending).toBe(1);
    document.getElementById('x')!.remove();
    rt.rescan();
    expect(rt.work.pending).toBe(0);
    await rt.work.idle();
    expect(fired).toBe(false);
    rt.destroy();
  });
});

describe('Work: the runtime on a hidden page', () => {
  it('idle() resolves while the rows and carousel wait for a frame that a hidden page never renders', async () => {
    html(`<div data-sw-row><div data-sw-box>a</div><div data-sw-box>b</div></div>
      <div data-sw-carousel><div data-sw-slide>1</div><div data-sw-slide>2</div></div>`);
    const asked: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => asked.push(cb));
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const rt = runtime([
      { name: 'rows', selector: '[data-sw-row]', load: 'ready', controller: rows },
      { name: 'carousel', selector: '[data-sw-carousel]', load: 'ready', controller: carousel },
    ]);
    rt.start();
    expect(asked.length).toBeGreaterThan(0); // the first measuring waits for a frame
    await rt.work.idle();
    expect(rt.work.pending).toBeGreaterThan(0); // still to come, once the page is shown
    state.mockRestore();
    raf.mockRestore();
    rt.destroy();
  });
});

describe('Work: SiteRuntime.idle()', () => {
  it('is the runtime instance’s idle promise', async () => {
    html('<div data-sw-y id="y"></div>');
    const { boot } = await import('../../runtime/boot');
    const order: string[] = [];
    const definition = {
      name: 'y',
      selector: '[data-sw-y]',
      load: 'ready' as const,
      controller: {
        connect: (_el: Element, ctx: Parameters<Controller['connect']>[1]) =>
          void ctx.after(30, () => order.push('timer')),
      },
    };
    const rt = boot(document, [definition])!;
    await window.SiteRuntime!.idle().then(() => order.push('idle'));
    expect(order).toEqual(['timer', 'idle']);
    rt.destroy();
    window.SiteRuntime?.destroy();
  });
});
