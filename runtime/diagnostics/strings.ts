import type { StringTable } from '../i18n/index';

/**
 * The panel's own words. The problems themselves are in English, as the console says them
 * (page authors search for them); the panel follows the page's language where it can.
 */
export const diagnosticsStrings = {
  en: {
    panel: 'Marker problems',
    count: '{n} marker problem(s)',
    show: 'Show the element',
  },
  fr: {
    panel: 'Problèmes de marqueurs',
    count: '{n} problème(s) de marqueurs',
    show: 'Montrer l’élément',
  },
} satisfies StringTable<'panel' | 'count' | 'show'>;
