import { after } from '../defer';
import { depthReached, linkEvent, SCROLL_DEPTH } from './events';
import type { GtagState } from './gtag';
import type { PageVisit } from './page-views';
import type { Params, Tracking } from './track';

/** Scroll depth: once per page, at 90 %. */
export function trackScroll({ win, doc, on, send, listen, work }: Tracking, page: PageVisit): void {
  let frame: (() => void) | undefined;
  listen(win, 'scroll', () => {
    frame ??= work.frame(() => {
      frame = undefined;
      if (page.scrolled || on.aborted) return;
      if (depthReached(win.scrollY, win.innerHeight, doc.documentElement.scrollHeight)) {
        page.scrolled = true;
        send('scroll', { percent_scrolled: SCROLL_DEPTH });
      }
    });
  });
  on.addEventListener('abort', () => frame?.());
}

/**
 * Outbound clicks and downloads (middle clicks open them too), of links the browser follows:
 * one whose default a handler prevents (a lightbox item showing a video, a page's own player)
 * is not followed, so it is judged once the event has been dispatched to everyone.
 */
export function trackLinks({ win, doc, send, listen, work, on }: Tracking): void {
  const onLink = (e: MouseEvent) => {
    const a = (e.target as Element | null)?.closest?.('a[href]');
    if (!a || (e.type === 'auxclick' && e.button !== 1)) return;
    // Where the browser goes: read against the page's <base>, outbound judged against the page.
    const ev = linkEvent(a.getAttribute('href')!, win.location.href, a.textContent ?? '', doc.baseURI);
    if (!ev) return;
    if (a.id) ev.params.link_id = a.id;
    const classes = a.getAttribute('class')?.trim();
    if (classes) ev.params.link_classes = classes;
    after(win, on, 0, () => !e.defaultPrevented && send(ev.name, ev.params), work);
  };
  listen(doc, 'click', onLink, true);
  listen(doc, 'auxclick', onLink, true);
}

/** Forms: the first interaction with each, and its submission. */
export function trackForms({ win, doc, send, listen }: Tracking, state: GtagState): void {
  // A control named `action`, `id` or `elements` (a PHP form's hidden `action`) hides the form's
  // property of that name: read through the prototype's getters and the attributes instead.
  const own = <K extends 'action' | 'elements'>(form: HTMLFormElement, name: K) =>
    Object.getOwnPropertyDescriptor(win.HTMLFormElement.prototype, name)!.get!.call(
      form,
    ) as HTMLFormElement[K];
  const formParams = (form: HTMLFormElement): Params => ({
    form_id: form.getAttribute('id') ?? '',
    form_name: form.getAttribute('name') ?? '',
    // A form without an action posts to the page: its address, whose hash is no destination.
    form_destination: own(form, 'action').split('#')[0]!,
    form_length: own(form, 'elements').length,
  });
  const onField = (e: Event) => {
    const form = (e.target as { form?: unknown }).form;
    if (!(form instanceof win.HTMLFormElement) || state.forms.has(form)) return;
    state.forms.add(form);
    send('form_start', formParams(form));
  };
  // Capturing: an AJAX form's own handler stops its events (jQuery's `return false`).
  listen(doc, 'focusin', onField, true);
  listen(doc, 'input', onField, true);
  listen<SubmitEvent>(
    doc,
    'submit',
    (e) => {
      const form = e.target;
      if (!(form instanceof win.HTMLFormElement)) return;
      const submitter = e.submitter as HTMLButtonElement | HTMLInputElement | null;
      send('form_submit', {
        ...formParams(form),
        form_submit_text: (submitter?.textContent || submitter?.value || '').trim(),
      });
    },
    true,
  );
}
