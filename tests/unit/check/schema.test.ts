import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../runtime/config';
import { readConfigObject } from '../../../runtime/config';
import { consentDefaults, consentOptions, parseGroups } from '../../../runtime/consent/model';
import { carouselDefaults, readCarouselOptions } from '../../../runtime/carousel/options';
import { modalDefaults, readModalOptions } from '../../../runtime/controllers/modal-options';
import carouselSchema from '../../../schema/carousel-options.schema.json';
import consentSchema from '../../../schema/consent-options.schema.json';
import groupsSchema from '../../../schema/cookie-groups.schema.json';
import modalSchema from '../../../schema/modal-options.schema.json';
import configSchema from '../../../schema/sw-config.schema.json';

type Schema = { properties?: Record<string, Schema>; default?: unknown; items?: Schema };
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, strictTuples: false });
const validator = (schema: object) => ajv.compile(schema);

/** Values of every JSON kind and the edge of every rule the readers have. */
const candidates: unknown[] = [
  true,
  false,
  null,
  0,
  -1,
  0.5,
  1,
  1.5,
  7.5,
  50,
  100,
  101,
  5000,
  3e9,
  '',
  'x',
  'x'.repeat(65),
  'a\nb',
  'user',
  'click',
  'load',
  'exit',
  'none',
  'local',
  'button',
  'button, escape',
  'bogus list',
  [],
  ['button'],
  ['overlay', 'escape'],
  ['nope'],
  [1],
  {},
  { a: 1 },
];

function element(name: string, value: unknown): Element {
  const el = document.createElement('div');
  el.setAttribute(name, JSON.stringify(value));
  return el;
}

/**
 * One marker's schema against its reader, both ways: the same field names, the same
 * defaults, and for every field and candidate value, the schema accepts it exactly when the
 * reader uses it (not reported invalid, not unknown).
 */
function agree(
  schema: Schema,
  defaults: Record<string, unknown>,
  accepts: (field: string, v: unknown) => boolean,
) {
  expect(Object.keys(schema.properties!).sort()).toEqual(Object.keys(defaults).sort());
  for (const [field, value] of Object.entries(defaults))
    expect(schema.properties![field]!.default, `default of ${field}`).toEqual(value);
  const valid = validator(schema);
  for (const field of Object.keys(defaults))
    for (const v of candidates)
      expect([field, v, valid({ [field]: v })]).toEqual([field, v, accepts(field, v)]);
  expect(valid({ unknownField: 1 })).toBe(false);
}

describe("JSON Schemas and the runtime's readers cannot drift", () => {
  it('data-sw-modal', () => {
    const { exitY: _, ...defaults } = modalDefaults;
    agree(modalSchema as Schema, defaults, (field, v) => {
      const r = readModalOptions(element('data-sw-modal', { [field]: v }));
      return !r.bad.includes(field) && !r.unknown.length;
    });
    expect(readModalOptions(element('data-sw-modal', { unknownField: 1 })).unknown).toEqual(['unknownField']);
  });

  it('data-sw-carousel', () => {
    agree(carouselSchema as Schema, carouselDefaults, (field, v) => {
      const r = readCarouselOptions(element('data-sw-carousel', { [field]: v }));
      return !r.bad.includes(field) && !r.unknown.length;
    });
  });

  it('data-sw-consent-options', () => {
    agree(
      consentSchema as Schema,
      consentDefaults,
      (field, v) => !consentOptions({ [field]: v }).bad.includes(field),
    );
  });

  it('data-sw-cookie-groups: the fields, and which variables make a group', () => {
    const item = groupsSchema.items.properties as Record<string, Schema>;
    const kept = parseGroups('[{"variable":"privacy_cookie_9","forced":true}]')!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(kept[0]!).sort());
    const valid = validator(groupsSchema);
    for (const v of [
      ...candidates,
      'privacy_cookie_2',
      '_a-b',
      '9lives',
      'a'.repeat(64),
      'a'.repeat(65),
      'a b',
    ])
      expect([v, valid([{ variable: v }])]).toEqual([
        v,
        parseGroups(JSON.stringify([{ variable: v }])) !== null,
      ]);
    expect(valid([])).toBe(parseGroups('[]') !== null);
    // The reader is lenient about the rest (a label that is not text falls back to the
    // variable); the schema says what to write.
    expect(item.description!.default).toBe('');
    expect(item.forced!.default).toBe(false);
  });

  it('sw-config: every section field, its default, and which values are used', () => {
    const defaults = defaultConfig() as unknown as Record<string, unknown>;
    const props = configSchema.properties as Record<string, Schema>;
    expect(Object.keys(props).sort()).toEqual(Object.keys(defaults).sort());
    const valid = validator(configSchema);
    for (const [section, value] of Object.entries(defaults)) {
      const schema = props[section]!;
      if (Array.isArray(value) || section === 'i18n' || section === 'load') {
        expect(schema.default ?? {}, section).toEqual(value);
        continue;
      }
      const fields = value as Record<string, unknown>;
      expect(Object.keys(schema.properties!).sort(), section).toEqual(Object.keys(fields).sort());
      for (const [field, def] of Object.entries(fields)) {
        expect(schema.properties![field]!.default, `${section}.${field}`).toEqual(def);
        for (const v of candidates) {
          const used = !readConfigObject({ [section]: { [field]: v } }).bad.includes(`${section}.${field}`);
          expect([section, field, v, valid({ [section]: { [field]: v } })]).toEqual([
            section,
            field,
            v,
            used,
          ]);
        }
      }
    }
    expect(readConfigObject({ nope: 1, site: { nope: 1 } }).unknown).toEqual(['nope', 'site.nope']);
    expect(valid({ site: { nope: 1 } })).toBe(false);
  });

  it('sw-config: languages, i18n and load', () => {
    const valid = validator(configSchema);
    const cases: [string, unknown][] = [
      ['languages', [['Français', 'menu_fr', 'fr']]],
      ['languages', [['Français', 'menu_fr', 'fr', 'extra']]],
      ['languages', [['Français', 'menu_fr']]],
      ['languages', [['Français', 'menu_fr', 3]]],
      ['languages', 'fr'],
      ['i18n', { fr: { close: 'Fermer' } }],
      ['i18n', { fr: 'Fermer' }],
      ['i18n', { fr: { close: '' } }],
      ['i18n', { fr: { next: ' \n' } }],
      ['i18n', { fr: { close: 1 } }],
      ['i18n', []],
      ['load', { lightbox: 'idle', carousel: 'visible', tiles: 'ready', modal: 'interaction' }],
      ['load', { lightbox: 'later' }],
      ['load', { lightbox: 1 }],
      ['load', 'idle'],
    ];
    for (const [field, v] of cases)
      expect([field, v, valid({ [field]: v })]).toEqual([
        field,
        v,
        !readConfigObject({ [field]: v }).bad.some((b) => b === field || b.startsWith(`${field}.`)),
      ]);
  });
});
