import type { FixturePage } from './server.mjs';
export const ENVIRONMENTS: readonly ['live', 'preview', 'cms', 'design'];
export type EnvName = (typeof ENVIRONMENTS)[number];
export function discoverPages(siteDir: string, projectPath: string): FixturePage[];
export function pageUrl(page: FixturePage, env: EnvName, port: number, projectPath: string): string;
export function findDesignPage(pages: FixturePage[], params: URLSearchParams): FixturePage | undefined;
export function indexPage(pages: FixturePage[], port: number, projectPath: string): string;
