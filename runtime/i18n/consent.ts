import type { StringTable } from './index';

/** Strings of the consent preferences (their own table: the consent chunk loads on every page). */
export const consentStrings = {
  en: {
    alwaysOn: 'Always on',
    gpc: 'Your browser sent a Global Privacy Control signal, so optional cookies start switched off.',
  },
  fr: {
    alwaysOn: 'Toujours actif',
    gpc: 'Votre navigateur a envoyé un signal Global Privacy Control : les cookies facultatifs sont désactivés par défaut.',
  },
  de: {
    alwaysOn: 'Immer aktiv',
    gpc: 'Ihr Browser sendet ein Global-Privacy-Control-Signal, daher sind optionale Cookies zunächst ausgeschaltet.',
  },
  es: {
    alwaysOn: 'Siempre activo',
    gpc: 'Su navegador envió una señal Global Privacy Control, por lo que las cookies opcionales empiezan desactivadas.',
  },
  it: {
    alwaysOn: 'Sempre attivo',
    gpc: 'Il browser ha inviato un segnale Global Privacy Control, quindi i cookie facoltativi partono disattivati.',
  },
  nl: {
    alwaysOn: 'Altijd aan',
    gpc: 'Uw browser stuurde een Global Privacy Control-signaal, dus optionele cookies staan eerst uit.',
  },
} satisfies StringTable<'alwaysOn' | 'gpc'>;
