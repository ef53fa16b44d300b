import type { StringTable } from './index';

/**
 * Strings of the lightbox's chunk: the placeholder a YouTube or Vimeo item shows until the
 * visitor lets the provider's player load, and the status of an image still loading.
 */
export const lightboxStrings = {
  en: {
    loading: 'Loading…',
    embedLoad: 'Load video',
    embedNotice: '{provider} may set cookies once it loads.',
  },
  fr: {
    loading: 'Chargement…',
    embedLoad: 'Charger la vidéo',
    embedNotice: '{provider} peut déposer des cookies une fois chargé.',
  },
  de: {
    loading: 'Wird geladen…',
    embedLoad: 'Video laden',
    embedNotice: '{provider} kann nach dem Laden Cookies setzen.',
  },
  es: {
    loading: 'Cargando…',
    embedLoad: 'Cargar el vídeo',
    embedNotice: '{provider} puede instalar cookies al cargarse.',
  },
  it: {
    loading: 'Caricamento…',
    embedLoad: 'Carica il video',
    embedNotice: '{provider} può impostare cookie una volta caricato.',
  },
  nl: {
    loading: 'Laden…',
    embedLoad: 'Video laden',
    embedNotice: '{provider} kan cookies plaatsen zodra de video laadt.',
  },
} satisfies StringTable<'loading' | 'embedLoad' | 'embedNotice'>;
