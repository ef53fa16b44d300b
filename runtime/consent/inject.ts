import { trusted } from '../trusted-types';
import type { ScriptPosition } from './model';
import { attributeFate, planScript, scriptMarkup, type ScriptMarkup } from './script-source';

/** Contract §4: an external script that has neither loaded nor failed by then is given up. */
export const CONSENT_SCRIPT_TIMEOUT_MS = 10_000;

/**
 * Inserts the server's consent scripts (contract §4) at their positions and runs them in
 * order: each fragment is parsed inert, placed, then every `<script>` in it (HTML or SVG) is
 * replaced by a live HTML copy carrying the runtime's nonce, one at a time, an external one
 * loading, failing or timing out before the next runs. One bad script never stops the ones
 * after it. The HTML comes from the builder's own server, so it passes the Trusted Types
 * policy; script URLs must be http(s).
 */
export async function injectScripts(
  win: Window,
  scripts: readonly { html: string; position: ScriptPosition }[],
  nonce: string | undefined,
  onError: (message: string, err?: unknown) => void,
): Promise<void> {
  const doc = win.document;
  const policy = trusted(win);
  // Start-of-body fragments keep their order: each goes before the body's first child as it
  // was (not after the fragment before, whose script is replaced by its live copy).
  let startBefore: Node | null | undefined;
  for (const { html, position } of scripts) {
    let nodes: ChildNode[];
    let markups: Map<Element, ScriptMarkup>;
    try {
      const template = doc.createElement('template');
      template.innerHTML = policy.html(html);
      nodes = [...template.content.childNodes];
      markups = new Map(scriptsIn(nodes).map((el) => [el, scriptMarkup(el)]));
      dropHandlers(template.content, onError);
      if (position === 'header') doc.head.append(...nodes);
      else if (position === 'endbody') doc.body.append(...nodes);
      else {
        if (startBefore === undefined) startBefore = doc.body.firstChild;
        // (An empty body: appended in turn. That child gone: the start again.)
        const first: Node | null = startBefore;
        const before = first === null || first.parentNode === doc.body ? first : doc.body.firstChild;
        for (const n of nodes) doc.body.insertBefore(n, before);
      }
    } catch (err) {
      onError('a consent script fragment could not be inserted', err);
      continue;
    }
    for (const [inert, markup] of markups) {
      try {
        await run(win, inert, markup, nonce, onError);
      } catch (err) {
        onError('a consent script could not be run', err);
        inert.remove();
      }
    }
  }
}

/** The `<script>` elements of a fragment (HTML or SVG), in document order. */
const scriptsIn = (nodes: ChildNode[]): Element[] =>
  nodes.flatMap((node) => {
    if (node.nodeType !== 1) return [];
    const el = node as Element;
    return el.localName === 'script' ? [el] : [...el.querySelectorAll('script')];
  });

/**
 * Takes every event handler attribute off the fragment before it is placed: no nonce can allow
 * one, so under a policy each would be a violation report, and without one an `<img onerror>`
 * would run code the contract never asked to run (it runs scripts). A script's own are
 * reported as it runs; another element's here.
 */
function dropHandlers(content: DocumentFragment, onError: (message: string) => void): void {
  for (const el of content.querySelectorAll('*'))
    for (const { name } of [...el.attributes].filter((a) => /^on/i.test(a.name))) {
      el.removeAttribute(name);
      if (el.localName !== 'script')
        onError(
          `the ${name} attribute of a <${el.localName}> in a consent fragment was left out: no nonce can allow it`,
        );
    }
}

/** Replaces one inert script by a live copy carrying the nonce, and waits for an external one. */
async function run(
  win: Window,
  inert: Element,
  markup: ScriptMarkup,
  nonce: string | undefined,
  onError: (message: string, err?: unknown) => void,
): Promise<void> {
  const doc = win.document;
  const policy = trusted(win);
  // Against the page's address, not baseURI: a <base> the page was given cannot move them.
  const plan = planScript(markup, win.location.href);
  if (plan.kind === 'refused') {
    onError(plan.reason);
    inert.remove();
    return;
  }
  const live = doc.createElement('script');
  for (const { name, value } of markup.attributes) {
    const fate = attributeFate(name, markup.svg);
    if (fate === 'handler')
      onError(`the ${name} attribute of a consent script was left out: no nonce can allow it`);
    if (fate !== 'copy') continue;
    try {
      live.setAttribute(name, value);
    } catch (err) {
      onError(`the consent script's ${name} attribute was left out`, err);
    }
  }
  if (nonce) live.nonce = nonce;
  if (plan.kind === 'inline') {
    live.text = policy.script(plan.code);
    inert.replaceWith(live); // an inline script runs as it is inserted
    return;
  }
  // The server chose this script for a group the visitor allowed: its origin is trusted.
  live.src = trusted(win, [plan.origin]).scriptURL(plan.url);
  // One the browser never fetches (`nomodule`, a type that is not script) fires neither load
  // nor error: waiting for it held the scripts after it for 10 s.
  if (!fetched(live)) return inert.replaceWith(live);
  // Not `async = false`: that would queue every later external script behind one that
  // never answers. The order comes from waiting for each in turn.
  let timer = 0;
  const settled = new Promise<'load' | 'error' | 'timeout'>((resolve) => {
    live.addEventListener('load', () => resolve('load'), { once: true });
    live.addEventListener('error', () => resolve('error'), { once: true });
    timer = win.setTimeout(() => resolve('timeout'), CONSENT_SCRIPT_TIMEOUT_MS);
  });
  inert.replaceWith(live);
  const outcome = await settled;
  win.clearTimeout(timer);
  if (outcome === 'error') onError(`the consent script ${plan.url} could not be loaded`);
  if (outcome === 'timeout')
    onError(
      `the consent script ${plan.url} neither loaded nor failed within ${CONSENT_SCRIPT_TIMEOUT_MS / 1000} s; the scripts after it run`,
    );
}

/** Whether the browser fetches and runs external script `el` (HTML: "prepare the script element"). */
function fetched(el: HTMLScriptElement): boolean {
  const type = el.getAttribute('type')?.trim().toLowerCase();
  if (el.noModule && type !== 'module' && 'noModule' in el) return false;
  return (
    !type ||
    /^(module|(application|text)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/.test(
      type,
    )
  );
}
