import type { ControllerContext } from '../controller';
import { events } from '../schema';
import type { Store } from '../ui/store';
import { consentClient, counted } from './client';
import { switchedOff } from './flags';
import type { ConsentEvent, ConsentState } from './flow';
import { consentHub } from './hub';
import type { CookieGroup } from './model';
import type { ConsentSession } from './session';
import { otherTabs } from './tabs';

/**
 * The consent flow's session on this page: its server, the hub and `sw:consent` it announces
 * on, and the site's other tabs. A no from another tab applies here as a no given here would:
 * tracking stops, the choice in force and the switches say it (a later save here must not
 * grant it again unasked), and page script hears `sw:consent`.
 */
export function pageSession(
  ctx: ControllerContext,
  store: Store<ConsentState, ConsentEvent>,
  groups: CookieGroup[],
): ConsentSession {
  const { runtime, signal } = ctx;
  const { window: win, document: doc } = runtime;
  const hub = consentHub(runtime);
  const endpoint = `${runtime.env.baseUrl}/swfiles/lib/privacycookie.php`;
  const announce = (flags: Readonly<Record<string, string>>) =>
    // Page script gets its own frozen copy, so nothing it does reaches the runtime.
    doc.dispatchEvent(new CustomEvent(events.consent, { detail: Object.freeze({ ...flags }) }));
  const withdraw = (off: string[]) => {
    const flags = switchedOff(hub.flags, off);
    if (flags) hub.publish(flags, hub.reloading);
    return flags;
  };
  const fromElsewhere = (names: string[]) => {
    // Only this page's optional groups: a forced one, or the choice marker, is no one's to refuse.
    const off = names.filter((name) => optional.includes(name));
    if (!off.length) return;
    store.dispatch({ type: 'withdrawn', off });
    const flags = withdraw(off);
    if (flags) announce(flags);
  };
  const optional = groups.filter((g) => !g.forced).map((g) => g.variable);
  // The editors save nothing: a choice tried there is no visitor's no. Consent is the
  // project's (its cookies' path): the channel is too, so a sibling project hears nothing.
  const tell = runtime.env.local
    ? () => {}
    : otherTabs(win, signal, {
        scope: runtime.env.projectPath,
        optional,
        withdraw: ctx.guard(fromElsewhere),
      });
  return {
    store,
    signal,
    client: counted(
      consentClient(win, endpoint, signal, groups, runtime.nonce, runtime.config.consent.revision),
      runtime.work,
    ),
    publish(detail, reloading) {
      hub.publish(detail, reloading);
      announce(detail);
    },
    withdraw: (off) => (withdraw(off), tell(off)),
    reload: () => win.location.reload(),
  };
}
