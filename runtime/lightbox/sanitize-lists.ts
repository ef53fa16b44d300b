/** What the ajax content rules (sanitize-rules.ts) and DOMPurify's config both refuse. */

/** Dropped with everything inside them. Lower-case local names, in any namespace. */
export const FORBIDDEN_ELEMENTS: readonly string[] = [
  // run script, or hold markup that would be parsed again later
  'script',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'fencedframe',
  'handler',
  'listener',
  // change the whole page: its base URL, a refresh, its styles
  'base',
  'meta',
  'link',
  'style',
  // submit the visitor's input anywhere
  'form',
  // animation sets attributes after sanitising (an href to javascript:); use pulls in documents
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'discard',
  'use',
  'maction',
];

/**
 * Dropped on every element: styles (they fail a strict CSP and can cover the page), form
 * plumbing that reaches other forms or origins, and attributes that act on page elements
 * by id or take focus from the lightbox.
 */
export const FORBIDDEN_ATTRIBUTES: readonly string[] = [
  'style',
  'srcdoc',
  'is',
  'action',
  'formaction',
  'form',
  'formmethod',
  'formenctype',
  'formtarget',
  'ping',
  'autofocus',
  'popover',
  'popovertarget',
  'popovertargetaction',
  'commandfor',
  'command',
  'interestfor',
  'anchor',
  'nonce',
];
