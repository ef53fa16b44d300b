import type { StringTable } from './index';

type Key =
  | 'close'
  | 'next'
  | 'previous'
  | 'counter'
  | 'image'
  | 'video'
  | 'content'
  | 'startSlideshow'
  | 'stopSlideshow'
  | 'expand'
  | 'contract'
  | 'thumbnails';

/** Strings of the lightbox's dialog; loaded with its chunk. */
export const uiStrings = {
  en: {
    close: 'Close',
    next: 'Next',
    previous: 'Previous',
    counter: '{type} {n} of {total}',
    image: 'Image',
    video: 'Video',
    content: 'Item',
    startSlideshow: 'Start slideshow',
    stopSlideshow: 'Stop slideshow',
    expand: 'Expand to full size',
    contract: 'Fit to window',
    thumbnails: 'Thumbnails',
  },
  fr: {
    close: 'Fermer',
    next: 'Suivant',
    previous: 'Précédent',
    counter: '{type} {n} sur {total}',
    image: 'Image',
    video: 'Vidéo',
    content: 'Élément',
    startSlideshow: 'Lancer le diaporama',
    stopSlideshow: 'Arrêter le diaporama',
    expand: 'Agrandir à la taille réelle',
    contract: 'Adapter à la fenêtre',
    thumbnails: 'Miniatures',
  },
  de: {
    close: 'Schließen',
    next: 'Weiter',
    previous: 'Zurück',
    counter: '{type} {n} von {total}',
    image: 'Bild',
    video: 'Video',
    content: 'Element',
    startSlideshow: 'Diashow starten',
    stopSlideshow: 'Diashow anhalten',
    expand: 'In voller Größe anzeigen',
    contract: 'An Fenster anpassen',
    thumbnails: 'Miniaturansichten',
  },
  es: {
    close: 'Cerrar',
    next: 'Siguiente',
    previous: 'Anterior',
    counter: '{type} {n} de {total}',
    image: 'Imagen',
    video: 'Vídeo',
    content: 'Elemento',
    startSlideshow: 'Iniciar presentación',
    stopSlideshow: 'Detener presentación',
    expand: 'Ampliar a tamaño completo',
    contract: 'Ajustar a la ventana',
    thumbnails: 'Miniaturas',
  },
  it: {
    close: 'Chiudi',
    next: 'Successivo',
    previous: 'Precedente',
    counter: '{type} {n} di {total}',
    image: 'Immagine',
    video: 'Video',
    content: 'Elemento',
    startSlideshow: 'Avvia presentazione',
    stopSlideshow: 'Ferma presentazione',
    expand: 'Ingrandisci a dimensione reale',
    contract: 'Adatta alla finestra',
    thumbnails: 'Miniature',
  },
  nl: {
    close: 'Sluiten',
    next: 'Volgende',
    previous: 'Vorige',
    counter: '{type} {n} van {total}',
    image: 'Afbeelding',
    video: 'Video',
    content: 'Item',
    startSlideshow: 'Diavoorstelling starten',
    stopSlideshow: 'Diavoorstelling stoppen',
    expand: 'Op ware grootte tonen',
    contract: 'Aan venster aanpassen',
    thumbnails: 'Miniaturen',
  },
} satisfies StringTable<Key>;
