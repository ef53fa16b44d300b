import { vi } from 'vitest';
import type { Controller, ControllerDefinition } from '../../runtime/controller';
import { Runtime } from '../../runtime/runtime';

/** Resolves after the runtime's next batched flush (it runs in a requestAnimationFrame). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** A controller that records what happened to which element. */
export function recorder(name: string, selector: string) {
  const connected: Element[] = [];
  const disconnected: Element[] = [];
  const controller: Controller = {
    connect(el) {
      connected.push(el);
      return () => void disconnected.push(el);
    },
  };
  const definition: ControllerDefinition = { name, selector, load: 'ready', controller };
  return { definition, connected, disconnected };
}

export function html(markup: string): void {
  document.body.innerHTML = markup;
}

export function runtime(
  definitions: ControllerDefinition[],
  href = 'https://clinic.example/clinic/en/',
): Runtime {
  return new Runtime(document, { definitions, href });
}

export function silenceConsole() {
  return {
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
  };
}

/** Appends an `<iframe>` with `src` to `parent`. */
export function frameIn(parent: Element, src: string): HTMLIFrameElement {
  const frame = parent.appendChild(document.createElement('iframe'));
  frame.setAttribute('src', src);
  return frame;
}

/**
 * Watches frames' `src`: the returned function lists, in order, those whose address has been
 * set since (setting it again, even to the same address, loads the frame again).
 */
export function srcWrites(...frames: HTMLIFrameElement[]): () => Element[] {
  const seen: Element[] = [];
  const observer = new MutationObserver(() => {});
  for (const f of frames) observer.observe(f, { attributes: true, attributeFilter: ['src'] });
  return () => {
    for (const r of observer.takeRecords())
      if (!seen.includes(r.target as Element)) seen.push(r.target as Element);
    return seen;
  };
}
