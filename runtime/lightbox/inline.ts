import { fragmentTarget } from '../dom';
import { attr } from '../schema';

/** Attributes whose value names other elements by id (one or several, space-separated). */
const idRefs = [
  'for',
  'headers',
  'list',
  'form',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'aria-activedescendant',
  'popovertarget',
  'commandfor',
  'interestfor',
  'anchor',
  'itemref',
];

/**
 * What the lightbox shows for an inline item `#id` (contract §3, Lightbox): a copy of the
 * element's contents, as prettyPhoto showed its inner HTML. The element itself stays where
 * the page put it, untouched, and however the page hides it (a `hidden` attribute, an inline
 * `display:none`, a class, a rule on its id), that hiding is on the element, not on what it
 * holds, so the copy shows. Ids in the copy get a suffix (one id, one element in the page),
 * and references between elements of the copy follow them, so a label still names its field.
 */
export function inlineCopy(target: Element, suffix: string): HTMLElement {
  const doc = target.ownerDocument;
  const wrapper = doc.createElement('div');
  wrapper.className = 'sw-lb-inline';
  for (const node of target.childNodes) wrapper.append(node.cloneNode(true));
  inert(wrapper, suffix);
  const renamed = new Map<string, string>();
  for (const el of wrapper.querySelectorAll('[id]')) {
    const id = `${el.id}-${suffix}`;
    renamed.set(el.id, id);
    el.id = id;
  }
  if (!renamed.size) return wrapper;
  const selector = idRefs.map((a) => `[${a}]`).join(',');
  for (const el of wrapper.querySelectorAll(selector)) {
    for (const name of idRefs) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      const ids = value.split(/\s+/).map((id) => renamed.get(id) ?? id);
      el.setAttribute(name, ids.join(' '));
    }
  }
  // A jump within the copy goes to the copy's element, not to the hidden original behind it;
  // not a link to a modal or a tile section, which the page's own listeners answer.
  for (const link of wrapper.querySelectorAll('a[href^="#"], area[href^="#"]')) {
    const original = fragmentTarget(doc, link.getAttribute('href')!);
    const answered = original?.matches(`[${attr.modal}], [${attr.tileContent}]`);
    const id = original && renamed.get(original.id);
    if (id && !answered) link.setAttribute('href', `#${encodeURIComponent(id)}`);
  }
  return wrapper;
}

/**
 * The copy is shown, not enhanced again: the runtime's markers (and the legacy
 * `rel="prettyPhoto"`) come off, or the runtime would connect controllers to it and count its
 * gallery links as items of the page's galleries. A modal opener stays: it is no marker that
 * connects, the page's one listener answers it wherever it is (as it answers `#id` links).
 * Radio buttons outside a form get a group of their own, or checking one in the copy would
 * uncheck the page's.
 */
function inert(wrapper: Element, suffix: string) {
  for (const el of wrapper.querySelectorAll('*')) {
    for (const { name } of [...el.attributes])
      if (name.startsWith('data-sw-') && name !== attr.modalOpen) el.removeAttribute(name);
    if (/^prettyPhoto/.test(el.getAttribute('rel') ?? '')) el.removeAttribute('rel');
    // (One owned by a form of the copy, inside it or by `form=`, is of that form's group
    // already, and keeps the name it submits.)
    const radio = el.localName === 'input' && (el as HTMLInputElement).type === 'radio';
    const owner = el.getAttribute('form');
    const ownForm =
      owner === null
        ? !!el.closest('form')
        : [...wrapper.querySelectorAll('form')].some((f) => f.id === owner);
    if (radio && el.hasAttribute('name') && !ownForm)
      el.setAttribute('name', `${el.getAttribute('name')}-${suffix}`);
  }
}
