import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, findNonce } from '../../runtime/boot';
import pkg from '../../package.json';
import type { Controller, ControllerDefinition } from '../../runtime/controller';
import { html, nextFrame, recorder, silenceConsole } from './helpers';

describe('boot and window.SiteRuntime', () => {
  it('publishes version and env, sets data-sw-env, and announces sw:ready after the first scan', () => {
    html('<div data-sw-row></div>');
    const r = recorder('row', '[data-sw-row]');
    const ready = vi.fn((e: Event) => {
      // Eager controllers are connected by the time sw:ready fires.
      expect(r.connected).toHaveLength(1);
      expect(e.bubbles).toBe(true);
    });
    document.addEventListener('sw:ready', ready);
    const rt = boot(document, [r.definition]);
    document.removeEventListener('sw:ready', ready);
    expect(rt).toBeDefined();
    expect(ready).toHaveBeenCalledTimes(1);
    const api = window.SiteRuntime!;
    expect(api.version).toBe(pkg.version);
    expect(Object.keys(api.env).sort()).toEqual(['baseUrl', 'env', 'local', 'projectPath']);
    expect(document.documentElement.getAttribute('data-sw-env')).toBe(api.env.env);
  });

  it('lets a second copy of the script step aside with a warning', () => {
    const { warn } = silenceConsole();
    expect(boot(document, [])).toBeDefined();
    expect(boot(document, [])).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('rescan(root) picks up markup the page inserted without waiting for the observer', () => {
    const r = recorder('row', '[data-sw-row]');
    boot(document, [r.definition]);
    const section = document.createElement('section');
    section.innerHTML = '<div data-sw-row></div>';
    document.body.append(section);
    window.SiteRuntime!.rescan(section);
    expect(r.connected).toHaveLength(1);
  });

  it('destroy() disconnects everything, stops observing and removes itself', async () => {
    html('<div data-sw-row id="a"></div>');
    const r = recorder('row', '[data-sw-row]');
    boot(document, [r.definition]);
    window.SiteRuntime!.destroy();
    expect(r.disconnected).toHaveLength(1);
    expect(window.SiteRuntime).toBeUndefined();
    expect(document.documentElement.hasAttribute('data-sw-env')).toBe(false);
    expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(false);
    document.body.insertAdjacentHTML('beforeend', '<div data-sw-row></div>');
    await nextFrame();
    expect(r.connected).toHaveLength(1);
  });
});

describe('destroy() leaves no listener behind', () => {
  type Entry = {
    target: EventTarget;
    type: string;
    listener: unknown;
    signal?: AbortSignal;
    removed: boolean;
  };
  let entries: Entry[] = [];
  // Only what happens inside the test body counts (the test runner has listeners of its own).
  let recording = false;

  // happy-dom defines the methods on more than one prototype; patch each that owns them.
  const owners = new Set<EventTarget>();
  const originals = new Map<
    EventTarget,
    { add: EventTarget['addEventListener']; remove: EventTarget['removeEventListener'] }
  >();

  beforeEach(() => {
    entries = [];
    for (const t of [window, document, document.body, new AbortController().signal] as EventTarget[]) {
      let proto = Object.getPrototypeOf(t);
      while (proto && !Object.prototype.hasOwnProperty.call(proto, 'addEventListener'))
        proto = Object.getPrototypeOf(proto);
      if (proto) owners.add(proto);
    }
    for (const proto of owners) {
      const add = proto.addEventListener;
      const remove = proto.removeEventListener;
      originals.set(proto, { add, remove });
      proto.addEventListener = function (
        this: EventTarget,
        type: string,
        listener: unknown,
        options?: unknown,
      ) {
        const signal =
          typeof options === 'object' ? (options as AddEventListenerOptions | null)?.signal : undefined;
        if (recording) entries.push({ target: this, type, listener, signal, removed: false });
        return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
      };
      proto.removeEventListener = function (
        this: EventTarget,
        type: string,
        listener: unknown,
        options?: unknown,
      ) {
        for (const e of entries)
          if (e.target === this && e.type === type && e.listener === listener) e.removed = true;
        return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
      };
    }
  });
  afterEach(() => {
    recording = false;
    for (const [proto, { add, remove }] of originals) {
      proto.addEventListener = add;
      proto.removeEventListener = remove;
    }
    originals.clear();
    owners.clear();
  });

  it('every listener added by the runtime or its controllers is removed or aborted', () => {
    recording = true;
    html('<button data-sw-menu id="m"></button><a data-sw-lightbox="g" href="/a.jpg">a</a>');
    const listening: Controller = {
      connect(el, ctx) {
        ctx.listen(el, 'click', () => {});
        ctx.listen(document, 'keydown', () => {});
        ctx.listen(window, 'resize', () => {});
      },
    };
    const definitions: ControllerDefinition[] = [
      { name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: listening },
      // Never triggered: its interaction listeners must go too.
      {
        name: 'lightbox',
        selector: '[data-sw-lightbox]',
        load: 'interaction',
        importer: async () => ({ default: listening }),
      },
    ];
    boot(document, definitions);
    expect(entries.length).toBeGreaterThanOrEqual(6);
    window.SiteRuntime!.destroy();
    // Listeners on an aborted signal itself die with it.
    const left = entries.filter(
      (e) => !e.removed && !e.signal?.aborted && !(e.target instanceof AbortSignal && e.target.aborted),
    );
    expect(left.map((e) => e.type)).toEqual([]);
  });
});

describe('findNonce', () => {
  it("reads the nonce of the runtime's own script, else of any nonced script", () => {
    // A parsed document has no browsing context, so the test does not try to fetch the scripts.
    const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html');
    const doc = parse(
      '<script nonce="other" src="https://x.test/a.js"></script><script type="module" nonce="mine" src="https://x.test/swfiles/runtime/runtime.js"></script>',
    );
    expect(findNonce(doc, 'https://x.test/swfiles/runtime/runtime.js')).toBe('mine');
    expect(findNonce(doc, 'https://x.test/elsewhere.js')).toBe('other');
    expect(findNonce(parse('<script src="https://x.test/a.js"></script>'), undefined)).toBeUndefined();
  });
});
