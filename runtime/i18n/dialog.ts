import type { StringTable } from './index';

/** Strings of the modal and tile popup dialogs (the lightbox and consent have their own). */
export const dialogStrings = {
  en: { close: 'Close', next: 'Next', previous: 'Previous', content: 'Item' },
  fr: { close: 'Fermer', next: 'Suivant', previous: 'Précédent', content: 'Élément' },
  de: { close: 'Schließen', next: 'Weiter', previous: 'Zurück', content: 'Element' },
  es: { close: 'Cerrar', next: 'Siguiente', previous: 'Anterior', content: 'Elemento' },
  it: { close: 'Chiudi', next: 'Successivo', previous: 'Precedente', content: 'Elemento' },
  nl: { close: 'Sluiten', next: 'Volgende', previous: 'Vorige', content: 'Item' },
} satisfies StringTable<'close' | 'next' | 'previous' | 'content'>;
