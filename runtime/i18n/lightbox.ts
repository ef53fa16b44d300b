import type { StringTable } from './index';

/**
 * Strings of the lightbox's chunk: the placeholder a YouTube or Vimeo item shows until the
 * visitor lets the provider's player load, the status of an image still loading, and the
 * message of ajax content that could not be loaded.
 */
export const lightboxStrings = {
  en: {
    loading: 'Loading…',
    embedLoad: 'Load video',
    embedNotice: '{provider} may set cookies once it loads.',
    ajaxFailed: 'This content cannot be loaded.',
  },
  fr: {
    loading: 'Chargement…',
    embedLoad: 'Charger la vidéo',
    embedNotice: '{provider} peut déposer des cookies une fois chargé.',
    ajaxFailed: 'Ce contenu ne peut pas être chargé.',
  },
  de: {
    loading: 'Wird geladen…',
    embedLoad: 'Video laden',
    embedNotice: '{provider} kann nach dem Laden Cookies setzen.',
    ajaxFailed: 'Dieser Inhalt kann nicht geladen werden.',
  },
  es: {
    loading: 'Cargando…',
    embedLoad: 'Cargar el vídeo',
    embedNotice: '{provider} puede instalar cookies al cargarse.',
    ajaxFailed: 'Este contenido no se puede cargar.',
  },
  it: {
    loading: 'Caricamento…',
    embedLoad: 'Carica il video',
    embedNotice: '{provider} può impostare cookie una volta caricato.',
    ajaxFailed: 'Questo contenuto non può essere caricato.',
  },
  nl: {
    loading: 'Laden…',
    embedLoad: 'Video laden',
    embedNotice: '{provider} kan cookies plaatsen zodra de video laadt.',
    ajaxFailed: 'Deze inhoud kan niet worden geladen.',
  },
} satisfies StringTable<'loading' | 'embedLoad' | 'embedNotice' | 'ajaxFailed'>;
