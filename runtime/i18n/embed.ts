import type { StringTable } from './index';

/**
 * Strings of the placeholder a YouTube or Vimeo item shows until the visitor lets the
 * provider's player load (the lightbox's chunk).
 */
export const embedStrings = {
  en: { embedLoad: 'Load video', embedNotice: '{provider} may set cookies once it loads.' },
  fr: { embedLoad: 'Charger la vidéo', embedNotice: '{provider} peut déposer des cookies une fois chargé.' },
  de: { embedLoad: 'Video laden', embedNotice: '{provider} kann nach dem Laden Cookies setzen.' },
  es: { embedLoad: 'Cargar el vídeo', embedNotice: '{provider} puede instalar cookies al cargarse.' },
  it: { embedLoad: 'Carica il video', embedNotice: '{provider} può impostare cookie una volta caricato.' },
  nl: { embedLoad: 'Video laden', embedNotice: '{provider} kan cookies plaatsen zodra de video laadt.' },
} satisfies StringTable<'embedLoad' | 'embedNotice'>;
