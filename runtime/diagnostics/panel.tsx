import { useId, type ReactNode } from 'react';
import type { Translate } from '../i18n/index';
import { describe } from '../log';
import type { Store } from '../ui/store';
import { useStore } from '../ui/use-store';
import type { PanelAction, PanelState } from './state';
import type { diagnosticsStrings } from './strings';

type Keys = keyof (typeof diagnosticsStrings)['en'];

export interface PanelProps {
  store: Store<PanelState, PanelAction>;
  t: Translate<Keys>;
  /** Brings an entry's element into view; focus stays in the panel. */
  reveal(element: Element): void;
}

/**
 * The editors' list of marker problems: a disclosure (APG) in a corner, closed by default,
 * its button saying how many there are. Pointing at or focusing an entry outlines its
 * element on the page; activating it scrolls the element into view. Nothing when the page
 * has no problem.
 */
export function DiagnosticsPanel({ store, t, reveal }: PanelProps): ReactNode {
  const { items, open } = useStore(store);
  const listId = useId();
  if (!items.length) return null;
  const mark = (index: number | null) => store.dispatch({ type: 'mark', index });
  return (
    <aside className="sw-diagnostics" aria-label={t('panel')}>
      <button
        type="button"
        className="sw-diagnostics-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => store.dispatch({ type: 'toggle' })}
      >
        {t('count', { n: items.length })}
      </button>
      <ul id={listId} className="sw-diagnostics-list" hidden={!open}>
        {items.map((d, i) => (
          <li key={i} onPointerEnter={() => mark(i)} onPointerLeave={() => mark(null)}>
            <span className="sw-diagnostics-marker">{d.marker}</span> <span>{d.message}</span>{' '}
            <span className="sw-diagnostics-kind">[{d.kind}]</span>
            {d.element && (
              <button
                type="button"
                className="sw-diagnostics-where"
                aria-label={`${t('show')}: ${describe(d.element)}`}
                onFocus={() => mark(i)}
                onBlur={() => mark(null)}
                onClick={() => reveal(d.element!)}
              >
                {describe(d.element)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
