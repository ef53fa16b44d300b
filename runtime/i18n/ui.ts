import type { StringTable } from './index';

type Key =
  | 'close'
  | 'next'
  | 'previous'
  | 'pause'
  | 'play'
  | 'counter'
  | 'slide'
  | 'image'
  | 'video'
  | 'content'
  | 'startSlideshow'
  | 'stopSlideshow'
  | 'expand'
  | 'contract'
  | 'thumbnails'
  | 'alwaysOn'
  | 'gpc';

/** Strings of the dialog-style UI (modals, tiles, lightbox, carousel, consent); loaded with them. */
export const uiStrings = {
  en: {
    close: 'Close',
    next: 'Next',
    previous: 'Previous',
    pause: 'Pause',
    play: 'Play',
    counter: '{type} {n} of {total}',
    slide: '{n} of {total}',
    image: 'Image',
    video: 'Video',
    content: 'Item',
    startSlideshow: 'Start slideshow',
    stopSlideshow: 'Stop slideshow',
    expand: 'Expand to full size',
    contract: 'Fit to window',
    thumbnails: 'Thumbnails',
    alwaysOn: 'Always on',
    gpc: 'Your browser sent a Global Privacy Control signal, so optional cookies start switched off.',
  },
  fr: {
    close: 'Fermer',
    next: 'Suivant',
    previous: 'Précédent',
    pause: 'Pause',
    play: 'Lecture',
    counter: '{type} {n} sur {total}',
    slide: '{n} sur {total}',
    image: 'Image',
    video: 'Vidéo',
    content: 'Élément',
    startSlideshow: 'Lancer le diaporama',
    stopSlideshow: 'Arrêter le diaporama',
    expand: 'Agrandir à la taille réelle',
    contract: 'Adapter à la fenêtre',
    thumbnails: 'Miniatures',
    alwaysOn: 'Toujours actif',
    gpc: 'Votre navigateur a envoyé un signal Global Privacy Control : les cookies facultatifs sont désactivés par défaut.',
  },
  de: {
    close: 'Schließen',
    next: 'Weiter',
    previous: 'Zurück',
    pause: 'Pause',
    play: 'Abspielen',
    counter: '{type} {n} von {total}',
    slide: '{n} von {total}',
    image: 'Bild',
    video: 'Video',
    content: 'Element',
    startSlideshow: 'Diashow starten',
    stopSlideshow: 'Diashow anhalten',
    expand: 'In voller Größe anzeigen',
    contract: 'An Fenster anpassen',
    thumbnails: 'Miniaturansichten',
    alwaysOn: 'Immer aktiv',
    gpc: 'Ihr Browser sendet ein Global-Privacy-Control-Signal, daher sind optionale Cookies zunächst ausgeschaltet.',
  },
  es: {
    close: 'Cerrar',
    next: 'Siguiente',
    previous: 'Anterior',
    pause: 'Pausa',
    play: 'Reproducir',
    counter: '{type} {n} de {total}',
    slide: '{n} de {total}',
    image: 'Imagen',
    video: 'Vídeo',
    content: 'Elemento',
    startSlideshow: 'Iniciar presentación',
    stopSlideshow: 'Detener presentación',
    expand: 'Ampliar a tamaño completo',
    contract: 'Ajustar a la ventana',
    thumbnails: 'Miniaturas',
    alwaysOn: 'Siempre activo',
    gpc: 'Su navegador envió una señal Global Privacy Control, por lo que las cookies opcionales empiezan desactivadas.',
  },
  it: {
    close: 'Chiudi',
    next: 'Successivo',
    previous: 'Precedente',
    pause: 'Pausa',
    play: 'Riproduci',
    counter: '{type} {n} di {total}',
    slide: '{n} di {total}',
    image: 'Immagine',
    video: 'Video',
    content: 'Elemento',
    startSlideshow: 'Avvia presentazione',
    stopSlideshow: 'Ferma presentazione',
    expand: 'Ingrandisci a dimensione reale',
    contract: 'Adatta alla finestra',
    thumbnails: 'Miniature',
    alwaysOn: 'Sempre attivo',
    gpc: 'Il browser ha inviato un segnale Global Privacy Control, quindi i cookie facoltativi partono disattivati.',
  },
  nl: {
    close: 'Sluiten',
    next: 'Volgende',
    previous: 'Vorige',
    pause: 'Pauzeren',
    play: 'Afspelen',
    counter: '{type} {n} van {total}',
    slide: '{n} van {total}',
    image: 'Afbeelding',
    video: 'Video',
    content: 'Item',
    startSlideshow: 'Diavoorstelling starten',
    stopSlideshow: 'Diavoorstelling stoppen',
    expand: 'Op ware grootte tonen',
    contract: 'Aan venster aanpassen',
    thumbnails: 'Miniaturen',
    alwaysOn: 'Altijd aan',
    gpc: 'Uw browser stuurde een Global Privacy Control-signaal, dus optionele cookies staan eerst uit.',
  },
} satisfies StringTable<Key>;
