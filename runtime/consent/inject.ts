import { trusted } from '../trusted-types';
import type { ScriptPosition } from './model';

/**
 * Inserts the server's consent scripts (contract §4) at their positions and runs them in
 * order: each fragment is parsed inert, placed, then every `<script>` in it is replaced by a
 * live copy carrying the runtime's nonce, one at a time, an external one finishing (or
 * failing) before the next runs. The HTML comes from the builder's own server, so it passes
 * the Trusted Types policy; script URLs must be http(s).
 */
export async function injectScripts(
  win: Window,
  scripts: readonly { html: string; position: ScriptPosition }[],
  nonce: string | undefined,
  onError: (message: string) => void,
): Promise<void> {
  const doc = win.document;
  const policy = trusted(win);
  // Start-of-body fragments keep their order: each goes after the one before.
  let startAfter: Node | null = null;
  for (const { html, position } of scripts) {
    const template = doc.createElement('template');
    template.innerHTML = policy.html(html);
    const nodes = [...template.content.childNodes];
    if (position === 'header') doc.head.append(...nodes);
    else if (position === 'endbody') doc.body.append(...nodes);
    else {
      const before: Node | null = startAfter ? startAfter.nextSibling : doc.body.firstChild;
      for (const n of nodes) doc.body.insertBefore(n, before);
      startAfter = nodes.at(-1) ?? startAfter;
    }
    for (const node of nodes) {
      const found =
        node.nodeType === 1
          ? (node as Element).localName === 'script'
            ? [node as HTMLScriptElement]
            : [...(node as Element).querySelectorAll('script')]
          : [];
      for (const inert of found) await run(inert);
    }
  }

  async function run(inert: HTMLScriptElement): Promise<void> {
    const live = doc.createElement('script');
    for (const { name, value } of [...inert.attributes]) {
      if (name !== 'src' && name !== 'nonce') live.setAttribute(name, value);
    }
    if (nonce) live.nonce = nonce;
    const src = inert.getAttribute('src');
    if (src !== null) {
      let url: URL;
      try {
        url = new URL(src, doc.baseURI);
      } catch {
        onError(`a consent script has an unusable address: ${src}`);
        inert.remove();
        return;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        onError(`a consent script's address is not http(s): ${src}`);
        inert.remove();
        return;
      }
      // The server chose this script for a group the visitor allowed: its origin is trusted.
      live.src = trusted(win, [url.origin]).scriptURL(url.href);
      live.async = false;
      const loaded = new Promise<void>((resolve) => {
        live.addEventListener('load', () => resolve(), { once: true });
        live.addEventListener('error', () => {
          onError(`the consent script ${url.href} could not be loaded`);
          resolve();
        });
      });
      inert.replaceWith(live);
      await loaded;
    } else {
      live.text = policy.script(inert.text);
      inert.replaceWith(live); // an inline script runs as it is inserted
    }
  }
}
