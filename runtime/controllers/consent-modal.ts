import type { Controller } from '../controller';
import { AnswerError, consentRequest } from '../consent/endpoint';
import { localFlags, type ConsentFlags } from '../consent/flags';
import { consentHub } from '../consent/hub';
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
import { buildSwitches, switchesCss } from '../consent/switches';
import { fragmentId, isPlainClick } from '../dom';
import { InvalidOptionsError } from '../errors';
import { consentStrings } from '../i18n/consent';
import { dialogStrings } from '../i18n/dialog';
import { log } from '../log';
import { jsonAttribute } from '../options';
import { attr, events, sel } from '../schema';
import { adoptIntoDialog } from '../ui/adopt';
import { createDialog } from '../ui/dialog';

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
    if (bad.length)
      log.warn(
        `${attr.consentOptions}: not used as written: ${bad.join(', ')} (an invalid value keeps its default)`,
      );
    runtime.adoptStyles(switchesCss);
    const t = runtime.strings(consentStrings);
    const hub = consentHub(runtime);
    const endpoint = `${env.baseUrl}/swfiles/lib/privacycookie.php`;
    const gpc =
      (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

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
    const { list, gpcNote, inputs } = buildSwitches(
      doc,
      groups,
      { gpc: t('gpc'), alwaysOn: t('alwaysOn') },
      id,
    );
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
      Object.fromEntries(
        groups.map((g) => [g.variable, g.forced || inputs.get(g.variable)!.checked ? 1 : 0]),
      );
    sync();

    // `enableAll` off: no "Accept all" anywhere, banner included.
    if (!options.enableAll) {
      for (const b of doc.querySelectorAll<HTMLElement>(`[${attr.consentAction}="accept-all"]`)) {
        const was = b.hidden;
        b.hidden = true;
        restore.push(() => (b.hidden = was));
      }
    }

    // The hub carries the runtime's state (analytics follows it); the event is for page
    // script, which gets its own frozen copy so nothing it does reaches the runtime.
    const publish = (detail: ConsentFlags) => {
      hub.publish(detail);
      doc.dispatchEvent(new CustomEvent(events.consent, { detail: Object.freeze({ ...detail }) }));
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

    const request = (body?: string) => consentRequest(win, endpoint, signal, body);

    /** POSTs `chosen`; resolves to the server's answer and its flags, or throws (not a success). */
    async function send(chosen: Flags): Promise<{ answer: unknown; detail: ConsentFlags }> {
      const answer = await request(postBody(groups!, chosen));
      const read = readAnswer(answer, groups!);
      if ('error' in read) throw new Error('the answer was not a success');
      flags = read.flags;
      choiceMade = true;
      return { answer, detail: read.detail };
    }

    const inject = (answer: unknown) =>
      injectScripts(win, scriptsOf(answer), runtime.nonce, (m, err) =>
        err === undefined ? log.warn(m) : log.warn(m, err),
      );

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
      let sent: Awaited<ReturnType<typeof send>>;
      try {
        sent = await send(chosen);
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
        publish(localFlags(groups, chosen));
        return;
      } finally {
        busy = false;
        el.removeAttribute('aria-busy');
      }
      await dropPending(endpoint);
      settleUi();
      publish(sent.detail);
      if (afterSave(firstVisit, options.forceReload) === 'reload') {
        win.location.reload();
        return;
      }
      firstVisit = false; // the next save on this page reloads: injected scripts cannot be taken back
      await inject(sent.answer);
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
            const { answer, detail } = await send(flags);
            await dropPending(endpoint);
            if (signal.aborted) return;
            sync();
            publish(detail);
            // This page was rendered before the server knew the choice: bring its scripts in.
            await inject(answer);
            return;
          } catch (err) {
            if (signal.aborted) return;
            if (!(err instanceof AnswerError && err.permanent)) {
              log.warn(
                'the cookie choice kept from an earlier page still could not be sent; it is kept',
                err,
              );
              sync();
              publish(localFlags(groups, flags));
              return;
            }
            await dropPending(endpoint);
            log.warn(
              'the server refused the cookie choice kept from an earlier page; the visitor is asked again',
              err,
            );
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
        publish(read.detail);
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
