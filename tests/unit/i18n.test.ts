import { describe, expect, it, vi } from 'vitest';
import { builtInLanguages, languageChain, translator } from '../../runtime/i18n/index';
import { navStrings } from '../../runtime/i18n/nav';
import { lightboxStrings } from '../../runtime/i18n/lightbox';
import { uiStrings } from '../../runtime/i18n/ui';
import { html, runtime } from './helpers';

describe('i18n', () => {
  it('resolves a language tag to itself, then its primary language', () => {
    expect(languageChain('fr-CA')).toEqual(['fr-ca', 'fr']);
    expect(languageChain('DE')).toEqual(['de']);
    expect(languageChain('')).toEqual([]);
  });

  it('follows the page language, falling back to English', () => {
    expect(translator(uiStrings, 'fr-CA', {})('close')).toBe('Fermer');
    expect(translator(uiStrings, 'nl', {})('next')).toBe('Volgende');
    expect(translator(uiStrings, 'pt-BR', {})('close')).toBe('Close');
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    const t = translator(uiStrings, 'de', {});
    expect(t('counter', { type: 'Bild', n: 3, total: 8 })).toBe('Bild 3 von 8');
    expect(translator(uiStrings, 'en', {})('counter', { type: 'Image', n: 3 })).toBe('Image 3 of {total}');
  });

  it('lets the config override any string, for any language, the page language first', () => {
    const overrides = { fr: { close: 'Fermer la fenêtre' }, en: { next: 'Onward' }, pt: { close: 'Fechar' } };
    expect(translator(uiStrings, 'fr', overrides)('close')).toBe('Fermer la fenêtre');
    expect(translator(uiStrings, 'fr', overrides)('next')).toBe('Suivant');
    expect(translator(uiStrings, 'en', overrides)('next')).toBe('Onward');
    expect(translator(uiStrings, 'pt', overrides)('close')).toBe('Fechar');
    expect(translator(uiStrings, 'pt', overrides)('next')).toBe('Onward');
  });

  it('has every key in every built-in language', () => {
    for (const table of [uiStrings, navStrings, lightboxStrings] as Record<
      string,
      Record<string, string>
    >[]) {
      const keys = Object.keys(table.en!).sort();
      for (const lang of builtInLanguages) expect(Object.keys(table[lang] ?? {}).sort(), lang).toEqual(keys);
    }
  });

  it('the runtime reads <html lang> and the config overrides', () => {
    document.documentElement.lang = 'it';
    document.head.innerHTML =
      '<script type="application/json" id="sw-config">{"i18n":{"it":{"next":"Avanti"}}}</script>';
    html('');
    const t = runtime([]).strings(uiStrings);
    expect(t('close')).toBe('Chiudi');
    expect(t('next')).toBe('Avanti');
  });

  // A blank override named the runtime's buttons with nothing (axe button-name), unwarned.
  it('a blank override keeps the default, and the config warning names it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.lang = 'fr';
    document.head.innerHTML =
      '<script type="application/json" id="sw-config">{"i18n":{"fr":{"close":"","next":"  ","previous":"","expand":"Agrandir"}}}</script>';
    html('');
    const t = runtime([]).strings(uiStrings);
    expect([t('close'), t('next'), t('previous'), t('expand')]).toEqual([
      'Fermer',
      'Suivant',
      'Précédent',
      'Agrandir',
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('i18n.fr.close, i18n.fr.next, i18n.fr.previous');
    warn.mockRestore();
  });
});
