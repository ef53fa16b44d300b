import type { ControllerContext } from '../controller';
import { inFormField } from '../dom';
import { dialogStrings } from '../i18n/dialog';
import { createDialog } from '../ui/dialog';

export interface TileItem {
  tile: HTMLElement;
  content: HTMLElement;
}

let uid = 0;

/**
 * The tile popup of one `data-sw-tiles` group: a modal dialog showing one tile's content at
 * a time (moved in from the page, and back when it leaves), with Previous and Next for the
 * sibling tiles. At either end the button stays focusable with `aria-disabled`, so focus is
 * never dropped; there is no wrap-around. Closing returns focus to the tile last shown.
 */
export function createTilePopup(ctx: ControllerContext, items: readonly TileItem[], container: Element) {
  const { runtime, signal } = ctx;
  const doc = runtime.document;
  const t = runtime.strings(dialogStrings);
  let current = -1;
  let mark: Comment | undefined;

  const dialog = createDialog(runtime, signal, {
    closeBy: { escape: true, overlay: true },
    onClosed: () => {
      putBack();
      slot.removeAttribute('aria-live');
    },
  });
  const box = dialog.element;
  box.setAttribute('data-sw-tile-popup', '');
  const button = (label: string, name: string) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.setAttribute(name, '');
    b.textContent = label;
    return b;
  };
  dialog.addCloseButton(t('close'));
  const slot = doc.createElement('div');
  const nav = doc.createElement('div');
  nav.setAttribute('data-sw-dialog-nav', '');
  const prev = button(t('previous'), 'data-sw-tile-prev');
  const next = button(t('next'), 'data-sw-tile-next');
  nav.append(prev, next);
  box.append(slot, nav);
  container.after(box);

  function putBack() {
    if (current < 0) return;
    const { content } = items[current]!;
    mark?.replaceWith(content);
    content.hidden = true;
    mark = undefined;
    current = -1;
  }

  function labelFrom(item: TileItem) {
    const { content, tile } = item;
    const by = content.getAttribute('aria-labelledby');
    const heading = by ? null : content.querySelector<HTMLElement>('h1,h2,h3,h4,h5,h6');
    if (heading && !heading.id) heading.id = `sw-tile-title-${++uid}`;
    box.removeAttribute('aria-label');
    box.removeAttribute('aria-labelledby');
    if (by || heading) box.setAttribute('aria-labelledby', by ?? heading!.id);
    else
      box.setAttribute(
        'aria-label',
        tile.textContent?.trim() || tile.querySelector('img')?.alt || t('content'),
      );
  }

  function show(index: number, from: Element | null) {
    if (index === current && dialog.isOpen) return;
    putBack();
    const item = items[index]!;
    mark = doc.createComment('sw-tile-content');
    item.content.replaceWith(mark);
    item.content.hidden = false;
    slot.append(item.content);
    current = index;
    labelFrom(item);
    const ends = [index === 0, index === items.length - 1];
    [prev, next].forEach((b, i) => {
      if (ends[i]) b.setAttribute('aria-disabled', 'true');
      else b.removeAttribute('aria-disabled');
    });
    dialog.returnFocusTo(item.tile);
    if (!dialog.isOpen) {
      dialog.open(from);
      // Announce later changes of content (Previous/Next), not the opening itself.
      slot.setAttribute('aria-live', 'polite');
    }
  }

  const step = (by: number) => {
    const to = current + by;
    if (current >= 0 && to >= 0 && to < items.length) show(to, null);
  };
  ctx.listen(prev, 'click', () => step(-1));
  ctx.listen(next, 'click', () => step(1));
  ctx.listen<KeyboardEvent>(box, 'keydown', (e) => {
    if (e.defaultPrevented || inFormField(e.target)) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? -1 : 1);
    }
  });

  return {
    show,
    destroy() {
      putBack();
      dialog.destroy();
    },
  };
}
