/** Set on the element whose entry is pointed at or focused, for the outline below. */
// Outside the `data-sw-` names: those are markers, and the panel names an element by its first.
export const MARKED = 'data-swd-marked';

/**
 * A small panel in the bottom-left corner, above the page (editor chrome, not page content);
 * the outline takes no room, so marking an element never moves anything.
 */
export const diagnosticsCss = `
.sw-diagnostics{position:fixed;left:8px;bottom:8px;z-index:2147483646;max-width:min(34rem,calc(100vw - 16px));
max-height:50vh;overflow:auto;background:#fff;color:#1a1a1a;border:2px solid #8a1c1c;border-radius:6px;
font:14px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)}
.sw-diagnostics-toggle{all:unset;box-sizing:border-box;display:block;width:100%;padding:6px 10px;cursor:pointer;
background:#8a1c1c;color:#fff;font-weight:600}
.sw-diagnostics-where:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.sw-diagnostics-toggle:focus-visible{outline:3px solid #fff;outline-offset:-5px}
.sw-diagnostics-list{margin:0;padding:4px 10px 8px 28px}
.sw-diagnostics-list[hidden]{display:none}
.sw-diagnostics-list li{margin:4px 0}
.sw-diagnostics-marker{font-family:ui-monospace,monospace;font-weight:600}
.sw-diagnostics-kind{color:#555}
.sw-diagnostics-where{font:inherit;font-family:ui-monospace,monospace;color:#0b4f9c;background:none;border:0;
padding:0;text-decoration:underline;cursor:pointer}
[${MARKED}]{outline:3px dashed #8a1c1c!important;outline-offset:2px!important}
`;
