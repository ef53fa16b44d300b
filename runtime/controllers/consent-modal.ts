import type { Controller } from '../controller';
import { consentHub, type ConsentFlags } from '../consent/hub';
import { injectScripts } from '../consent/inject';
import {
  afterSave,
  CONSENT_INACTIVE,
  CONSENT_READ_FAILED,
  consentOptions,
  flagsFor,
  parseGroups,
  postBody,
  readAnswer,
  scriptsOf,
  type ConsentAction,
  type Flags,
} from '../consent/model';
import { dropPending, keepPending, readPending } from '../consent/pending';
import { fragmentId, isPlainClick } from '../dom';
import { InvalidOptionsError } from '../errors';
import { consentStrings } from '../i18n/consent';
import { dialogStrings } from '../i18n/dialog';
import { log } from '../log';
import { jsonAttribute } from '../options';
import { attr, events, sel } from '../schema';
import { adoptIntoDialog, createDialog } from '../ui/dialog';

/** How long a read or a save may take before it counts as failed (a choice is then kept). */
export const CONSENT_TIMEOUT_MS = 8000;

/** The server answered, but not with success: a 4xx other than 408/429 will not change on retry. */
class AnswerError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

const css = `
[data-sw-consent-group]{display:grid;grid-template-columns:auto 1fr;gap:.25em .75em;align-items:center;margin:.75em 0}
[data-sw-consent-group] p{grid-column:2;margin:0;font-size:.9em}
[data-sw-consent-group] input[role=switch]{appearance:none;margin:0;width:2.6em;height:1.5em;border-radius:.75em;border:2px solid CanvasText;background:Canvas;position:relative;cursor:pointer}
[data-sw-consent-group] input[role=switch]::before{content:"";position:absolute;top:.15em;left:.15em;width:.95em;height:.95em;border-radius:50%;background:CanvasText;transition:left .15s}
[data-sw-consent-group] input[role=switch]:checked{background:CanvasText}
[data-sw-consent-group] input[role=switch]:checked::before{left:1.3em;background:Canvas}
[data-sw-consent-group] input[role=switch]:focus-visible{outline:3px solid Highlight;outline-offset:2px}
[data-sw-consent-group] input[aria-disabled=true]{cursor:not-allowed;opacity:.7}
@media (prefers-reduced-motion:reduce){[data-sw-consent-group] input[role=switch]::before{transition:none}}
`;

let uid = 0;

/**
 * `data-sw-consent-modal`: the whole consent flow (spec §4 Cookie consent, contract §3, §4).
 * On load it sends a choice an earlier page could not, or reads the stored one; on a first
 * visit it asks the banner to show after the delay. The modal becomes a native dialog with one
 * switch per group; every `preferences` action on the page opens it. Saving POSTs every
 * group, then reloads, or on a first visit injects the server's scripts. A save that fails is
 * kept (IndexedDB) and sent again on the next page. `sw:consent` follows every read and save.
 * In the editors nothing is read, saved or opened by itself.
 */
export const consentModal: Controller = {
  connect(el, ctx) {
    const { runtime, signal } = ctx;
    const win = runtime.window;
    const doc = runtime.document;
    const { env } = runtime;
    const groups = parseGroups(el.getAttribute(attr.cookieGroups));
    if (!groups) {
      console.warn(CONSENT_INACTIVE);
      throw new InvalidOptionsError(`${attr.cookieGroups} is missing or empty`, { logged: true });
    }
    const { options, bad } = consentOptions(jsonAttribute(el, attr.consentOptions));
    if (bad.length) log.warn(`${attr.consentOptions}: ${bad.join(', ')} ignored; the defaults apply`);
    runtime.adoptStyles(css);
    const t = runtime.strings(consentStrings);
    const hub = consentHub(runtime);
    const endpoint = `${env.baseUrl}/swfiles/lib/privacycookie.php`;
    const gpc = (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

    // Until the server says otherwise: only the forced groups, no choice, and a later save
    // reloads (a page whose state is unknown is re-rendered by the server, not patched).
    let flags: Flags = flagsFor('decline', groups, {});
    let choiceMade = false;
    let firstVisit = false;
    let busy = false;

    const restore: (() => void)[] = [];
    const dialog = createDialog(runtime, signal, {
      closeBy: { escape: options.close.includes('escape'), overlay: options.close.includes('overlay') },
      onClosed: () => {
        // Closed without a choice (a builder allowed closing): the question is still open.
        if (hub.wantBanner) hub.banner?.show();
      },
    });
    restore.push(adoptIntoDialog(el, dialog));
    if (options.close.includes('button')) dialog.addCloseButton(runtime.strings(dialogStrings)('close'));

    // One switch per group, into the builder's container (or one of ours before the actions).
    let container = el.querySelector(sel(attr.consentGroups));
    if (!container) {
      container = doc.createElement('div');
      container.setAttribute(attr.consentGroups, '');
      const firstAction = el.querySelector(`[${attr.consentAction}]`);
      if (firstAction?.parentElement) firstAction.parentElement.insertBefore(container, firstAction);
      else el.append(container);
      const made = container;
      restore.push(() => made.remove());
    }
    const id = `sw-consent-${++uid}`;
    const list = doc.createElement('div');
    const gpcNote = doc.createElement('p');
    gpcNote.setAttribute('data-sw-consent-gpc', '');
    gpcNote.textContent = t('gpc');
    gpcNote.hidden = true;
    list.append(gpcNote);
    const inputs = new Map<string, HTMLInputElement>();
    groups.forEach((g, i) => {
      const row = doc.createElement('div');
      row.setAttribute('data-sw-consent-group', g.variable);
      const input = doc.createElement('input');
      input.type = 'checkbox';
      input.setAttribute('role', 'switch');
      input.id = `${id}-${i}`;
      input.name = g.variable;
      const label = doc.createElement('label');
      label.htmlFor = input.id;
      label.textContent = g.label;
      if (g.forced) {
        // Still focusable and announced (a disabled control would vanish from Tab order).
        input.setAttribute('aria-disabled', 'true');
        label.append(` (${t('alwaysOn')})`);
      }
      row.append(input, label);
      if (g.description) {
        const p = doc.createElement('p');
        p.id = `${input.id}-description`;
        p.textContent = g.description;
        input.setAttribute('aria-describedby', p.id);
        row.append(p);
      }
      list.append(row);
      inputs.set(g.variable, input);
    });
    container.append(list);
    restore.push(() => list.remove());
    ctx.listen(list, 'click', (e) => {
      if ((e.target as Element).matches?.('input[aria-disabled="true"]')) e.preventDefault();
    });
    const sync = () => {
      for (const [variable, input] of inputs) input.checked = flags[variable] === 1;
      gpcNote.hidden = !(gpc && !choiceMade);
    };
    const current = (): Flags =>
      Object.fromEntries(groups.map((g) => [g.variable, g.forced || inputs.get(g.variable)!.checked ? 1 : 0]));
    sync();

    // `enableAll` off: no "Accept all" anywhere, banner included.
    if (!options.enableAll) {
      for (const b of doc.querySelectorAll<HTMLElement>(`[${attr.consentAction}="accept-all"]`)) {
        const was = b.hidden;
        b.hidden = true;
        restore.push(() => (b.hidden = was));
      }
    }

    const publish = () => {
      const detail: ConsentFlags = { ...flags, privacy_cookie: choiceMade ? 1 : 0 };
      hub.flags = detail;
      doc.dispatchEvent(new CustomEvent(events.consent, { detail }));
    };
    const settleUi = () => {
      hub.wantBanner = false;
      hub.banner?.hide();
      if (dialog.isOpen) dialog.close('api');
    };
    const openPreferences = (from: Element | null) => {
      if (dialog.isOpen) return;
      hub.banner?.hide();
      sync();
      const banner = from?.closest(sel(attr.consentBanner));
      dialog.open(banner ? null : from);
    };

    async function request(body?: string): Promise<unknown> {
      const abort = new AbortController();
      const timer = win.setTimeout(() => abort.abort(), CONSENT_TIMEOUT_MS);
      const stop = () => abort.abort();
      signal.addEventListener('abort', stop);
      try {
        const res = await win.fetch(endpoint, {
          method: body === undefined ? 'GET' : 'POST',
          credentials: 'same-origin',
          cache: 'no-store',
          headers: body === undefined
            ? { Accept: 'application/json' }
            : { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          signal: abort.signal,
        });
        if (!res.ok) throw new AnswerError(res.status);
        return await res.json();
      } finally {
        win.clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }
    }

    /** POSTs `chosen`; resolves to the server's answer, or throws (answer not a success). */
    async function send(chosen: Flags): Promise<unknown> {
      const answer = await request(postBody(groups!, chosen));
      const read = readAnswer(answer, groups!);
      if ('error' in read) throw new Error('the answer was not a success');
      flags = read.flags;
      choiceMade = true;
      return answer;
    }

    const inject = (answer: unknown) =>
      injectScripts(win, scriptsOf(answer), runtime.nonce, (m) => log.warn(m));

    const save = async (action: ConsentAction) => {
      if (busy) return;
      const chosen = flagsFor(action, groups, current());
      if (env.local) {
        // The editors show the flow but save nothing and reload nothing (spec §4, §6).
        flags = chosen;
        settleUi();
        return;
      }
      busy = true;
      el.setAttribute('aria-busy', 'true');
      let answer: unknown;
      try {
        answer = await send(chosen);
      } catch (err) {
        if (signal.aborted) return;
        // Not confirmed: the choice stands on this page and is sent again on the next one.
        flags = chosen;
        choiceMade = true;
        const kept = await keepPending(endpoint, { flags: chosen, time: Date.now() });
        log.warn(
          kept
            ? 'the cookie choice could not be saved on the server; it applies on this page and is sent again on the next one'
            : 'the cookie choice could not be saved on the server, nor kept on this device; it applies on this page only',
          err,
        );
        settleUi();
        publish();
        return;
      } finally {
        busy = false;
        el.removeAttribute('aria-busy');
      }
      await dropPending(endpoint);
      settleUi();
      publish();
      if (afterSave(firstVisit, options.forceReload) === 'reload') {
        win.location.reload();
        return;
      }
      firstVisit = false; // the next save on this page reloads: injected scripts cannot be taken back
      await inject(answer);
    };
    hub.act = (action, from) => {
      if (action === 'preferences') openPreferences(from);
      else void save(action);
    };
    restore.push(() => {
      hub.act = undefined;
      hub.wantBanner = false;
      hub.banner?.hide();
    });

    ctx.listen<MouseEvent>(doc, 'click', (e) => {
      const target = (e.target as Element | null)?.closest?.(`[${attr.consentAction}="preferences"]`);
      if (!target || !isPlainClick(e)) return;
      e.preventDefault();
      openPreferences(target);
    });
    ctx.listen<MouseEvent>(el, 'click', (e) => {
      const button = (e.target as Element).closest(`[${attr.consentAction}]`);
      const action = button?.getAttribute(attr.consentAction);
      if (action !== 'accept' && action !== 'decline' && action !== 'accept-all') return;
      e.preventDefault();
      void save(action);
    });

    if (!env.local) {
      const fromHash = () => {
        if (fragmentId(win.location.hash) === el.id) openPreferences(null);
      };
      ctx.listen(win, 'hashchange', fromHash);
      fromHash();

      let delayTimer = 0;
      const delay = new Promise<void>((resolve) => (delayTimer = win.setTimeout(resolve, options.delay)));
      restore.push(() => win.clearTimeout(delayTimer));
      void (async () => {
        const pending = await readPending(endpoint);
        if (signal.aborted) return;
        if (pending) {
          flags = flagsFor('accept', groups, pending.flags);
          choiceMade = true;
          try {
            const answer = await send(flags);
            await dropPending(endpoint);
            if (signal.aborted) return;
            sync();
            publish();
            // This page was rendered before the server knew the choice: bring its scripts in.
            await inject(answer);
            return;
          } catch (err) {
            if (signal.aborted) return;
            if (!(err instanceof AnswerError && err.permanent)) {
              log.warn('the cookie choice kept from an earlier page still could not be sent; it is kept', err);
              sync();
              publish();
              return;
            }
            await dropPending(endpoint);
            log.warn('the server refused the cookie choice kept from an earlier page; the visitor is asked again', err);
            flags = flagsFor('decline', groups, {});
            choiceMade = false;
          }
        }
        const answer = await request().catch(() => undefined);
        if (signal.aborted) return;
        const read = readAnswer(answer, groups);
        if ('error' in read) {
          console.error(CONSENT_READ_FAILED);
          return;
        }
        flags = read.flags;
        firstVisit = read.firstVisit;
        choiceMade = !read.firstVisit;
        sync();
        publish();
        if (!firstVisit) return;
        await delay;
        if (signal.aborted || choiceMade) return;
        hub.wantBanner = true;
        if (!dialog.isOpen) hub.banner?.show();
      })().catch(ctx.guard((err: unknown) => log.error('cookie consent failed', err)));
    }

    return () => {
      for (const undo of restore.reverse()) undo();
    };
  },
};
