import type { ControllerContext } from '../controller';
import { consentStrings } from '../i18n/consent';
import { uniqueId } from '../ids';
import type { Mounted } from '../ui/host';
import type { Store } from '../ui/store';
import type { ConsentEvent, ConsentState } from './flow';
import { groupsContainer } from './markup';

/**
 * The switches, drawn through the UI host into the groups' container once about to be needed
 * (a contact with the banner or a preferences control, or the opening), never at connect. A
 * failed fetch is announced once per need; without the host every action still saves ("accept"
 * the flags the page has), and the next need asks again. Returns what draws them.
 */
export function switchesDrawer(
  el: Element,
  ctx: ControllerContext,
  store: Store<ConsentState, ConsentEvent>,
  restore: (() => void)[],
) {
  const { runtime } = ctx;
  const doc = runtime.document;
  // A box of its own, so that rendering never touches what the builder put in the container.
  const target = doc.createElement('div');
  groupsContainer(el, restore).append(target);
  restore.push(() => target.remove());
  const id = uniqueId(doc, 'sw-consent');
  const t = runtime.strings(consentStrings);
  let mounted: Mounted | undefined;
  let drawing: Promise<void> | undefined;
  restore.push(() => mounted?.unmount());
  const code = () =>
    runtime.load('consent switches', () => import('./draw'), { exported: 'preferencesNode' });
  const draw = (use: boolean) => {
    // The dialog may open before the switches are drawn: assistive technology is told to wait.
    target.setAttribute('aria-busy', 'true');
    return Promise.all([runtime.ui(use), code()])
      .then(
        ([host, m]) => {
          if (ctx.signal.aborted) return;
          runtime.adoptStyles(m.switchesCss);
          mounted = host.mount(target, m.preferencesNode({ store, id, t }), { name: ctx.name, element: el });
        },
        // Announced by the loader (sw:error); the next opening asks again (runtime.ui).
        () => void (drawing = undefined),
      )
      .finally(() => target.removeAttribute('aria-busy'));
  };
  return (use: boolean) => void (drawing ??= draw(use));
}
