import { afterEach, vi } from 'vitest';

// Tell React 19 this is a test environment (silences its act() warnings for async updates).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  window.SiteRuntime?.destroy();
  delete window.SiteRuntime;
  document.documentElement.removeAttribute('lang');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});
