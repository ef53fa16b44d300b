import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { html, runtime, silenceConsole } from '../helpers';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Broken(): never {
  throw new Error('render failed');
}

describe('UI host: one React root, portals into place, one error boundary per portal', () => {
  it('renders components through portals into their targets, with working state and events', async () => {
    html('<div id="a"></div><div id="b"></div>');
    const rt = runtime([]);
    const host = await rt.ui();
    const a = document.getElementById('a')!;
    const b = document.getElementById('b')!;
    host.mount(a, <Counter label="A" />, { name: 'test', element: a });
    const mb = host.mount(b, <Counter label="B" />, { name: 'test', element: b });
    await vi.waitFor(() => expect(a.textContent).toBe('A 0'));
    await vi.waitFor(() => expect(b.textContent).toBe('B 0'));
    a.querySelector('button')!.click();
    await vi.waitFor(() => expect(a.textContent).toBe('A 1'));
    mb.update(<Counter label="Bee" />);
    await vi.waitFor(() => expect(b.textContent).toBe('Bee 0'));
    mb.unmount();
    await vi.waitFor(() => expect(b.textContent).toBe(''));
    expect(a.textContent).toBe('A 1');
    // One root for the instance, however many portals.
    expect(await rt.ui()).toBe(host);
    expect(document.querySelectorAll('[data-sw-ui-root]')).toHaveLength(1);
    rt.destroy();
  });

  it('a component that throws takes down only its own portal, reported once with its owner', async () => {
    const { error } = silenceConsole();
    html('<div id="ok"></div><div id="bad" data-sw-carousel></div>');
    const rt = runtime([]);
    const host = await rt.ui();
    const ok = document.getElementById('ok')!;
    const bad = document.getElementById('bad')!;
    host.mount(ok, <Counter label="ok" />, { name: 'modal', element: ok });
    await vi.waitFor(() => expect(ok.textContent).toBe('ok 0'));
    host.mount(bad, <Broken />, { name: 'carousel', element: bad });
    await vi.waitFor(() =>
      expect(
        error.mock.calls.some((c) => String(c[0]).includes('carousel controller failed (render) on div#bad')),
      ).toBe(true),
    );
    expect(bad.textContent).toBe('');
    ok.querySelector('button')!.click();
    await vi.waitFor(() => expect(ok.textContent).toBe('ok 1'));
    const ours = error.mock.calls.filter((c) => String(c[0]).includes('[site-runtime]'));
    expect(ours).toHaveLength(1);
    rt.destroy();
  });

  it('mounts and unmounts at once, marking the target with the feature that draws there', async () => {
    html('<div id="a"></div>');
    const rt = runtime([]);
    const host = await rt.ui();
    const a = document.getElementById('a')!;
    const m = host.mount(a, <Counter label="A" />, { name: 'tiles', element: a });
    expect(a.textContent).toBe('A 0');
    expect(a.getAttribute('data-sw-ui')).toBe('tiles');
    m.unmount();
    expect(a.textContent).toBe('');
    expect(a.hasAttribute('data-sw-ui')).toBe(false);
    rt.destroy();
  });

  it('destroy() unmounts the root and removes its container', async () => {
    html('<div id="a"></div>');
    const rt = runtime([]);
    const host = await rt.ui();
    const a = document.getElementById('a')!;
    host.mount(a, <Counter label="A" />, { name: 'test', element: a });
    await vi.waitFor(() => expect(a.textContent).toBe('A 0'));
    rt.destroy();
    await vi.waitFor(() => expect(a.textContent).toBe(''));
    expect(document.querySelector('[data-sw-ui-root]')).toBeNull();
  });
});
