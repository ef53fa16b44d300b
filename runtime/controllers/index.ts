import type { ControllerDefinition } from '../controller';

/**
 * Every controller the runtime ships, in the order they connect. Eager ones are imported
 * here (they are in the entry); lazy ones only name their chunk, so a page without their
 * marker never downloads them.
 */
export const definitions: readonly ControllerDefinition[] = [];
