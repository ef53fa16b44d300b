import type { StringTable } from './index';

/** Strings of the carousel (in the entry, like navigation: kept short). */
export const carouselStrings = {
  en: {
    carousel: 'carousel',
    slide: 'slide',
    of: '{n} of {total}',
    stop: 'Stop slide rotation',
    start: 'Start slide rotation',
  },
  fr: {
    carousel: 'carrousel',
    slide: 'diapositive',
    of: '{n} sur {total}',
    stop: 'Arrêter le défilement',
    start: 'Lancer le défilement',
  },
  de: {
    carousel: 'Karussell',
    slide: 'Folie',
    of: '{n} von {total}',
    stop: 'Rotation anhalten',
    start: 'Rotation starten',
  },
  es: {
    carousel: 'carrusel',
    slide: 'diapositiva',
    of: '{n} de {total}',
    stop: 'Detener la rotación',
    start: 'Iniciar la rotación',
  },
  it: {
    carousel: 'carosello',
    slide: 'diapositiva',
    of: '{n} di {total}',
    stop: 'Ferma la rotazione',
    start: 'Avvia la rotazione',
  },
  nl: {
    carousel: 'carrousel',
    slide: 'dia',
    of: '{n} van {total}',
    stop: 'Rotatie stoppen',
    start: 'Rotatie starten',
  },
} satisfies StringTable<'carousel' | 'slide' | 'of' | 'stop' | 'start'>;
