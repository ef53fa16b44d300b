// A builder's own script, typed against the package as published (resolved through the
// package's "exports", by its name): `npm run typecheck` compiles this file. Each
// `@ts-expect-error` line proves a misuse is caught; an unused one fails the compile.
import type { Diagnostic, MarkerInfo, SiteRuntimeApi, SwConfig } from 'site-runtime';
import { checkHtml } from 'site-runtime/check';

const api: SiteRuntimeApi | undefined = window.SiteRuntime;
if (api) {
  const version: string = api.version;
  const env: 'cms' | 'design' | 'preview' | 'live' = api.env.env;
  api.modal('flu-shots', 'toggle');
  api.modal('flu-shots');
  // @ts-expect-error: not an action of the contract
  api.modal('flu-shots', 'show');
  // @ts-expect-error: env is read-only
  api.env.local = true;
  const markers: MarkerInfo[] = api.inspect();
  const states: ('enhanced' | 'waiting' | 'failed')[] = markers.map((m) => m.state);
  const problems: Diagnostic[] = api.diagnostics();
  const where: (Element | null)[] = problems.map((p) => p.element);
  api.rescan(document.body);
  const settled: Promise<void> = api.idle();
  void settled.then(() => api.inspect());
  void [version, env, states, where];
}

document.addEventListener('sw:ready', (e) => {
  const local: boolean = e.detail.env.local;
  void local;
});
document.addEventListener('sw:consent', (e) => {
  const statistics: string | undefined = e.detail['privacy_cookie_2'];
  // @ts-expect-error: the flags are read-only
  e.detail['privacy_cookie_2'] = '1';
  void statistics;
});
document.addEventListener('sw:error', (e) => {
  e.preventDefault();
  const part: string = e.detail.controller;
  const kept: Element[] = e.detail.elements;
  void [part, kept];
});
document.getElementById('flu-shots')?.addEventListener('sw:modal:close', (e) => {
  const id: string = e.detail.id;
  // @ts-expect-error: the detail has no such field
  void e.detail.opener;
  void id;
});
window.addEventListener('sw:modal:open', (e) => void e.detail.id);

const config: SwConfig = {
  site: { cleanUrlPath: '/clinic' },
  languages: [['Français', 'menu_fr', 'fr']],
  lightbox: { slideshow: false },
  consent: { revision: '2026-11' },
};
// @ts-expect-error: slideshow is a number of ms or false
const wrong: SwConfig = { lightbox: { slideshow: true } };
void [config, wrong];

const found = await checkHtml('<div data-sw-tiles></div>', { file: 'page.html' });
const lines: number[] = found.map((p) => p.line);
void lines;
export {};
