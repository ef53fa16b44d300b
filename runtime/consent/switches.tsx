import type { ReactNode } from 'react';
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

export interface GroupSwitchProps {
  group: CookieGroup;
  /** The input's id; its description's is `${id}-description`. */
  id: string;
  checked: boolean;
  /** "Always on", said after a forced group's label. */
  alwaysOn: string;
  onToggle(variable: string): void;
}

/**
 * One cookie group's switch: an `input[type=checkbox][role=switch]` named by the group's
 * variable, its label, and its description when it has one. A forced group is checked and
 * `aria-disabled`, not `disabled`: a disabled control would vanish from the Tab order and go
 * unannounced, so its clicks (and Space) are refused here instead.
 */
export function GroupSwitch({ group, id, checked, alwaysOn, onToggle }: GroupSwitchProps): ReactNode {
  const described = group.description ? `${id}-description` : undefined;
  return (
    <div data-sw-consent-group={group.variable}>
      <input
        type="checkbox"
        role="switch"
        id={id}
        name={group.variable}
        checked={checked}
        aria-disabled={group.forced ? 'true' : undefined}
        aria-describedby={described}
        onClick={group.forced ? (e) => e.preventDefault() : undefined}
        onChange={() => onToggle(group.variable)}
      />
      <label htmlFor={id}>{group.forced ? `${group.label} (${alwaysOn})` : group.label}</label>
      {described ? <p id={described}>{group.description}</p> : null}
    </div>
  );
}
