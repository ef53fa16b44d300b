import type { StringTable } from './index';

/** Strings of the entry's plain-DOM controllers (navigation). Kept short: every page loads them. */
export const navStrings = {
  en: { submenu: '{label} submenu', menu: 'Menu', languages: 'Languages' },
  fr: { submenu: 'Sous-menu {label}', menu: 'Menu', languages: 'Langues' },
  de: { submenu: 'Untermenü {label}', menu: 'Menü', languages: 'Sprachen' },
  es: { submenu: 'Submenú {label}', menu: 'Menú', languages: 'Idiomas' },
  it: { submenu: 'Sottomenu {label}', menu: 'Menu', languages: 'Lingue' },
  nl: { submenu: 'Submenu {label}', menu: 'Menu', languages: 'Talen' },
} satisfies StringTable<'submenu' | 'menu' | 'languages'>;
