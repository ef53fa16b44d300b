import type { StringTable } from './index';

/** Strings of the entry's plain-DOM controllers (navigation). Kept short: every page loads them. */
export const navStrings = {
  en: { submenu: '{label} submenu', menu: 'Menu' },
  fr: { submenu: 'Sous-menu {label}', menu: 'Menu' },
  de: { submenu: 'Untermenü {label}', menu: 'Menü' },
  es: { submenu: 'Submenú {label}', menu: 'Menú' },
  it: { submenu: 'Sottomenu {label}', menu: 'Menu' },
  nl: { submenu: 'Submenu {label}', menu: 'Menu' },
} satisfies StringTable<'submenu' | 'menu'>;
