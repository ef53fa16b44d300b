import type { CookieGroup } from './model';

export const switchesCss = `
[data-sw-consent-group]{display:grid;grid-template-columns:auto 1fr;gap:.25em .75em;align-items:center;margin:.75em 0}
[data-sw-consent-group] p{grid-column:2;margin:0;font-size:.9em}
[data-sw-consent-group] input[role=switch]{appearance:none;margin:0;width:2.6em;height:1.5em;border-radius:.75em;border:2px solid CanvasText;background:Canvas;position:relative;cursor:pointer}
[data-sw-consent-group] input[role=switch]::before{content:"";position:absolute;top:.15em;left:.15em;width:.95em;height:.95em;border-radius:50%;background:CanvasText;transition:left .15s}
[data-sw-consent-group] input[role=switch]:checked{background:CanvasText}
[data-sw-consent-group] input[role=switch]:checked::before{left:1.3em;background:Canvas}
[data-sw-consent-group] input[role=switch]:focus-visible{outline:3px solid Highlight;outline-offset:2px}
[data-sw-consent-group] input[aria-disabled=true]{cursor:not-allowed;opacity:.7}
@media (prefers-reduced-motion:reduce){[data-sw-consent-group] input[role=switch]::before{transition:none}}
`;

/**
 * The preferences' switch list: a Global Privacy Control note (hidden until needed), then one
 * `input[type=checkbox][role=switch]` per group with its label and description. `id` prefixes
 * the inputs' ids (unique per modal).
 */
export function buildSwitches(
  doc: Document,
  groups: readonly CookieGroup[],
  text: { gpc: string; alwaysOn: string },
  id: string,
): { list: HTMLElement; gpcNote: HTMLElement; inputs: Map<string, HTMLInputElement> } {
  const list = doc.createElement('div');
  const gpcNote = doc.createElement('p');
  gpcNote.setAttribute('data-sw-consent-gpc', '');
  gpcNote.textContent = text.gpc;
  gpcNote.hidden = true;
  list.append(gpcNote);
  const inputs = new Map<string, HTMLInputElement>();
  groups.forEach((g, i) => {
    const row = doc.createElement('div');
    row.setAttribute('data-sw-consent-group', g.variable);
    const input = doc.createElement('input');
    input.type = 'checkbox';
    input.setAttribute('role', 'switch');
    input.id = `${id}-${i}`;
    input.name = g.variable;
    const label = doc.createElement('label');
    label.htmlFor = input.id;
    label.textContent = g.label;
    if (g.forced) {
      // Still focusable and announced (a disabled control would vanish from Tab order).
      input.setAttribute('aria-disabled', 'true');
      label.append(` (${text.alwaysOn})`);
    }
    row.append(input, label);
    if (g.description) {
      const p = doc.createElement('p');
      p.id = `${input.id}-description`;
      p.textContent = g.description;
      input.setAttribute('aria-describedby', p.id);
      row.append(p);
    }
    list.append(row);
    inputs.set(g.variable, input);
  });
  return { list, gpcNote, inputs };
}
