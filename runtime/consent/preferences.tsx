import type { ReactNode } from 'react';
import type { Translate } from '../i18n/index';
import type { Store } from '../ui/store';
import { useStore } from '../ui/use-store';
import { gpcNoteShown, type ConsentEvent, type ConsentState } from './flow';
import { GroupSwitch } from './switches';

export interface ConsentPreferencesProps {
  store: Store<ConsentState, ConsentEvent>;
  /** Prefixes the switches' ids (unique per modal). */
  id: string;
  t: Translate<'alwaysOn' | 'gpc'>;
}

/**
 * What the runtime draws in the builder's preferences: a Global Privacy Control note (shown
 * until a choice exists, when the browser sent the signal), then one switch per group, showing
 * the flow's switch positions and flipping them.
 */
export function ConsentPreferences({ store, id, t }: ConsentPreferencesProps): ReactNode {
  const state = useStore(store);
  const toggle = (variable: string) => store.dispatch({ type: 'toggle', variable });
  return (
    <>
      <p data-sw-consent-gpc="" hidden={!gpcNoteShown(state)}>
        {t('gpc')}
      </p>
      {state.setup.groups.map((group, i) => (
        <GroupSwitch
          key={group.variable}
          group={group}
          id={`${id}-${i}`}
          checked={state.draft[group.variable] === 1}
          alwaysOn={t('alwaysOn')}
          onToggle={toggle}
        />
      ))}
    </>
  );
}
