import { consentDefaults, consentOptions, CONSENT_INACTIVE, parseGroups } from '../consent/model';
import { readModalOptions } from '../controllers/modal-options';
import { InvalidOptionsError } from '../errors';
import { jsonAttribute, unknownKeys, type OptionReport } from '../options';
import { attr, sel } from '../schema';
import type { Add } from './report';
import type { EntryReaders } from './types';

/** Reports what reading a marker's options found, as the runtime's console lines say it. */
function report(add: Add, marker: string, el: Element, found: OptionReport): void {
  for (const name of found.bad)
    add('invalid-option', marker, el, `${name} has an invalid value; its default is used.`);
  for (const name of found.unknown) add('unknown-option', marker, el, `unknown option ${name}; ignored.`);
  for (const text of found.clamped) add('invalid-option', marker, el, `out of range: ${text}.`);
}

/** Runs a reader; invalid JSON (or not an object) is reported as the runtime treats it. */
function read<T>(add: Add, marker: string, el: Element, reader: () => T): T | undefined {
  try {
    return reader();
  } catch (err) {
    if (!(err instanceof InvalidOptionsError)) throw err;
    add('invalid-json', marker, el, `${err.message}; the element is left as plain HTML.`);
    return undefined;
  }
}

function modals(doc: Document, add: Add, { modalMessages }: EntryReaders): void {
  for (const el of doc.querySelectorAll(sel(attr.modal))) {
    if (!el.id) add('missing-target', attr.modal, el, `${modalMessages.noId}: a modal needs an id.`);
    const found = read(add, attr.modal, el, () => readModalOptions(el));
    if (found) report(add, attr.modal, el, found);
  }
}

function carousels(doc: Document, add: Add, { readCarouselOptions }: EntryReaders): void {
  for (const el of doc.querySelectorAll(sel(attr.carousel))) {
    const found = read(add, attr.carousel, el, () => readCarouselOptions(el));
    if (found) report(add, attr.carousel, el, found);
    if (!el.querySelector(sel(attr.slide)))
      add('empty-group', attr.carousel, el, 'the carousel holds no data-sw-slide element.');
  }
}

function anchorMenus(doc: Document, add: Add, { readAnchorMenuOptions }: EntryReaders): void {
  for (const el of doc.querySelectorAll(sel(attr.anchorMenu))) {
    const found = read(add, attr.anchorMenu, el, () => readAnchorMenuOptions(el));
    if (found) report(add, attr.anchorMenu, el, found);
  }
}

/** Whether the groups attribute is JSON, and how many entries it writes when it is a list. */
function written(text: string): { json: boolean; count: number | undefined } {
  try {
    const raw: unknown = JSON.parse(text);
    return { json: true, count: Array.isArray(raw) ? raw.length : undefined };
  } catch {
    return { json: false, count: undefined };
  }
}

function consent(doc: Document, add: Add): void {
  const modalsFound = doc.querySelectorAll(sel(attr.consentModal));
  for (const el of modalsFound) {
    const text = el.getAttribute(attr.cookieGroups)?.trim() ?? '';
    const { json, count } = written(text);
    const problems: string[] = [];
    const groups = parseGroups(text, problems);
    if (text && !json)
      add(
        'invalid-json',
        attr.cookieGroups,
        el,
        `${attr.cookieGroups} holds invalid JSON. ${CONSENT_INACTIVE}`,
      );
    else if (!groups)
      add('empty-group', attr.cookieGroups, el, `no usable cookie group. ${CONSENT_INACTIVE}`);
    else if (count !== undefined && groups.length < count)
      add(
        'invalid-option',
        attr.cookieGroups,
        el,
        `${count - groups.length} of ${count} cookie groups are left out (a missing, invalid or repeated variable).`,
      );
    // The groups left out are counted above; a kept group's field is named as the runtime warns it.
    for (const problem of problems)
      if (groups?.some((g) => problem.startsWith(`${g.variable}:`)))
        add('invalid-option', attr.cookieGroups, el, `${problem}.`);
    const raw = read(add, attr.consentOptions, el, () => jsonAttribute(el, attr.consentOptions));
    if (!raw) continue;
    const { bad } = consentOptions(raw);
    report(add, attr.consentOptions, el, {
      bad,
      unknown: unknownKeys(raw, Object.keys(consentDefaults)),
      clamped: [],
    });
  }
  if (modalsFound.length) return;
  for (const el of doc.querySelectorAll(sel(attr.consentBanner)))
    add('missing-target', attr.consentBanner, el, `there is no data-sw-consent-modal. ${CONSENT_INACTIVE}`);
}

/** A marker's own load strategy that is not one (issue 14), as the runtime's warning says it. */
function loads(doc: Document, add: Add, { loadStrategies }: EntryReaders): void {
  for (const el of doc.querySelectorAll(sel(attr.load))) {
    const value = el.getAttribute(attr.load)!;
    if (!loadStrategies.includes(value))
      add(
        'invalid-option',
        attr.load,
        el,
        `${attr.load}="${value}" is not one of ${loadStrategies.join(', ')}; the controller's own strategy applies.`,
      );
  }
}

/** Every marker whose JSON options the runtime reads, and every marker's load strategy. */
export function optionProblems(doc: Document, add: Add, readers: EntryReaders): void {
  loads(doc, add, readers);
  modals(doc, add, readers);
  carousels(doc, add, readers);
  anchorMenus(doc, add, readers);
  consent(doc, add);
}
