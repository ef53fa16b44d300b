import type { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS: string[];
/** axe with the WCAG 2.0-2.2 A/AA tags, in the page itself where every frame is of its origin. */
export function axeBuilder(page: Page): AxeBuilder;
/** Puts axe into every loaded frame, waiting for one that is slow to take it (AxeBuilder gives up after 1 s). */
export function injectAxeIntoFrames(page: Page): Promise<void>;
