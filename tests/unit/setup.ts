import { afterEach, vi } from 'vitest';

// Tell React 19 this is a test environment (silences its act() warnings for async updates).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// `vi.waitFor` waits for a fact, but gives up after 1 s by default: a first dynamic import
// (vite transforms the module on first use) took longer than that on a loaded CI machine, and
// a component that was about to draw failed its test. The fact waited for is unchanged; only a
// failing test takes longer to say so. 4 s stays under vitest's 5 s test timeout, so a wait
// that fails still reports its own assertion, and is not left polling (and moving fake
// clocks) under the next test. A test that passes its own limit keeps it.
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 4_000, ...options },
  )) as typeof vi.waitFor;

afterEach(() => {
  window.SiteRuntime?.destroy();
  delete window.SiteRuntime;
  document.documentElement.removeAttribute('lang');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});
