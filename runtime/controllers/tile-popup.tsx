import type { ControllerContext } from '../controller';
import { dropFragment } from '../ui/dialog-close';
import { dialogStrings } from '../i18n/dialog';
import { idOf } from '../ids';
import { TilePopup, type TileItem } from '../tiles/popup';
import { initialTilePopup, tilePopup } from '../tiles/state';
import { dialogCss } from '../ui/dialog';
import type { UiHost } from '../ui/host';
import { createStore } from '../ui/store';

export type { TileItem };

/**
 * The tile popup's chunk: mounts the TilePopup component through the UI host, right after the
 * tiles' container (in a wrapper with no box, so nothing in the page moves), and hands the
 * tiles controller the two things it asks: show a tile, and take it all back.
 */
export function createTilePopup(
  ctx: ControllerContext,
  items: readonly TileItem[],
  container: Element,
  host: UiHost,
) {
  const { runtime } = ctx;
  const doc = runtime.document;
  runtime.adoptStyles(dialogCss);
  const t = runtime.strings(dialogStrings);
  const store = createStore(tilePopup, initialTilePopup(items.length));

  const names = new Map<number, { labelledBy?: string; label?: string }>();
  // Headings given an id to name the dialog lose it at destroy: the builder's page is as it was.
  const given: Element[] = [];
  const labelOf = (index: number) => {
    let name = names.get(index);
    if (!name) {
      const { content, tile } = items[index]!;
      const by = content.getAttribute('aria-labelledby')?.trim();
      const heading = by ? null : content.querySelector('h1,h2,h3,h4,h5,h6');
      name =
        by || heading
          ? { labelledBy: by || named(heading!) }
          : { label: tile.textContent?.trim() || tile.querySelector('img')?.alt || t('content') };
      names.set(index, name);
    }
    return name;
  };

  const named = (heading: Element) => {
    if (!heading.id) given.push(heading);
    return idOf(heading, 'sw-tile-title');
  };

  const target = doc.createElement('div');
  target.style.display = 'contents';
  container.after(target);
  const mounted = host.mount(
    target,
    <TilePopup store={store} items={items} t={t} labelOf={labelOf} work={ctx.runtime.work} />,
    {
      name: ctx.name,
      element: ctx.element,
    },
  );

  // The address of a section that opened it is taken off when it closes.
  const ours = (id: string) => items.some(({ content }) => content.id === id);
  store.subscribe(() => {
    if (!store.get().open) dropFragment(runtime.window, ours);
  });

  return {
    show(index: number, from: Element | null) {
      store.dispatch({ type: 'show', index, opener: from });
    },
    /** The item shown, and where focus goes when it closes; nothing while closed. */
    shown(): { index: number; returnTo: Element | null } | undefined {
      const { open, index, moved, opener } = store.get();
      // Fading out after a close is closed: the store says so only once the fade has ended.
      if (!open || target.querySelector('dialog[data-sw-closing]')) return undefined;
      return { index, returnTo: moved ? items[index]!.tile : opener };
    },
    destroy() {
      // Closing when taken back (its fade under way): the address goes now, as at its end.
      if (target.querySelector('dialog[data-sw-closing]')) dropFragment(runtime.window, ours);
      mounted.unmount();
      target.remove();
      for (const heading of given) heading.removeAttribute('id');
    },
  };
}

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
