import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import type { Trusted } from '../trusted-types';

/**
 * The fallback for browsers without the HTML Sanitizer API. Its own chunk, imported only
 * when ajax content is shown on such a browser. Its output still goes through the shared
 * rules (sanitize-rules.ts); the config below asks DOMPurify for the same things, so each
 * layer alone already refuses them.
 */
const instances = new WeakMap<Window, DOMPurify>();

// DOMPurify's default list, narrowed to the schemes the rules keep.
const allowedUri = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** What DOMPurify must refuse besides its defaults; passed in so the rules stay in the lightbox chunk. */
export interface Forbidden {
  elements: readonly string[];
  attributes: readonly string[];
}

/**
 * Parses `html` into a detached element of a document with no window and sanitises it in
 * place. DOMPurify's own parse would put the markup in a DOMParser document, where a
 * `<style>` or `<base>` is checked against the page's CSP (a violation report for content
 * that is dropped anyway); detached, it is not. The parse goes through the runtime's
 * Trusted Types policy, and DOMPurify is given that policy so it never creates its own.
 */
export function purify(win: Window, html: string, policy: Trusted, forbid: Forbidden): Element {
  let instance = instances.get(win);
  if (!instance) {
    instance = createDOMPurify(win as unknown as WindowLike);
    instances.set(win, instance);
  }
  if (!instance.isSupported) throw new Error('DOMPurify cannot run in this browser');
  const holder = win.document.implementation.createHTMLDocument('').createElement('div');
  holder.innerHTML = policy.html(html);
  const config: Config & { IN_PLACE: true } = {
    IN_PLACE: true,
    TRUSTED_TYPES_POLICY: {
      createHTML: policy.html,
      createScriptURL: policy.scriptURL,
    } as unknown as Config['TRUSTED_TYPES_POLICY'],
    SANITIZE_DOM: true,
    SANITIZE_NAMED_PROPS: true,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: allowedUri,
    FORBID_TAGS: [...forbid.elements],
    FORBID_ATTR: [...forbid.attributes],
  };
  instance.sanitize(holder, config);
  return holder;
}
