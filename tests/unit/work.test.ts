import { describe, expect, it } from 'vitest';
import type { Controller } from '../../runtime/controller';
import { counted, type ConsentClient } from '../../runtime/consent/client';
import { Work } from '../../runtime/work';
import { html, runtime } from './helpers';

/** A window whose frames and tasks run only when the test says so. */
function fakeWindow(hidden = false) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const win = {
    document: { visibilityState: hidden ? 'hidden' : 'visible' },
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    cancelAnimationFrame: (id: number) => (frames[id - 1] = () => {}),
    setTimeout: (cb: () => void) => tasks.push(cb),
  };
  const run = (queue: (() => void)[]) => async () => {
    queue.splice(0).forEach((cb) => cb());
    await Promise.resolve();
  };
  return { win: win as unknown as Window, frame: run(frames), task: run(tasks), frames, tasks };
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
