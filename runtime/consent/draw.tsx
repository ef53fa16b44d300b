import type { ReactNode } from 'react';
import { ConsentPreferences, type ConsentPreferencesProps } from './preferences';

export { switchesCss } from './switches';

/**
 * The switches' code as a chunk of its own (issue 14): the component, and preact with it,
 * come with the UI host when the switches are about to be needed, not with the consent flow
 * that every page runs at load.
 */
export function preferencesNode(props: ConsentPreferencesProps): ReactNode {
  return <ConsentPreferences {...props} />;
}

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { consentCore as __consentCore } from '../consent-core';
