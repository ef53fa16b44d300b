/**
 * The one list of browser tests that do not run on Firefox, each with its reason. Firefox is
 * driven over WebDriver BiDi (Playwright's `moz-firefox` channel), which lacks a few things
 * Playwright's Chromium protocol has; a test is listed here only when it needs one of them,
 * never because the runtime behaves differently (that is a bug to fix). README lists these too.
 *
 * `spec` is the file under tests/e2e; `title` is matched against the test's describe and test
 * titles (a plain substring; omit it to skip the whole file).
 */
export interface EngineSkip {
  spec: string;
  title?: string;
  reason: string;
}

// Playwright 1.64's BiDi driver makes page.emulateMedia() a no-op (1.65 sends
// emulation.setMediaFeaturesOverride, which ESR 153 refuses at newContext, hence the pin).
const noMediaEmulation =
  'needs `prefers-reduced-motion: reduce`, and page.emulateMedia() does nothing over BiDi in Playwright 1.64.';

export const firefoxSkips: EngineSkip[] = [
  {
    spec: 'no-javascript.spec.ts',
    title: 'with JavaScript disabled',
    reason:
      'BiDi does not honour `javaScriptEnabled: false`: the runtime would run. The same file\'s "without the runtime" tests do run.',
  },
  {
    spec: 'lifetime.spec.ts',
    title: 'boot/destroy cycles',
    reason:
      'counts event listeners and forces garbage collection through a CDP session, which BiDi does not have.',
  },
  {
    spec: 'serving.spec.ts',
    title: 'a returning visitor',
    reason:
      "reads what Chromium's network layer answered from its cache through CDP Network events, which BiDi does not have; the headers that make it so are tested in tests/server/serving.test.ts.",
  },
  {
    spec: 'layout-shift.spec.ts',
    reason:
      'Firefox has no Layout Instability API (no `layout-shift` entries); the test asserts the API is there rather than pass on an empty list.',
  },
  { spec: 'lightbox.spec.ts', title: 'no animation under prefers-reduced-motion', reason: noMediaEmulation },
  {
    spec: 'lightbox.spec.ts',
    title: 'autoplay waits for Play under reduced motion',
    reason: noMediaEmulation,
  },
  {
    spec: 'modals.spec.ts',
    title: 'under prefers-reduced-motion it closes at once',
    reason: noMediaEmulation,
  },
  { spec: 'navigation.spec.ts', title: 'under prefers-reduced-motion it jumps', reason: noMediaEmulation },
  {
    spec: 'tiles-carousel.spec.ts',
    title: 'under prefers-reduced-motion rotation starts',
    reason: noMediaEmulation,
  },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Patterns for a project's `grepInvert`. Playwright matches them against
 * "project file describe… title @tags", so the spec name anchors the title to its file.
 */
export function grepInvertFor(skips: EngineSkip[]): RegExp[] {
  return skips.map((s) => new RegExp(`(^| )${escape(s.spec)} ${s.title ? `.*${escape(s.title)}` : ''}`));
}
