// Every state the markers the runtime enhanced can be in, as plans: a key, a label and how to
// reach it. Reaching returns { kind: 'page'|'dialog'|'disclosure'|'control', ... } or
// { unreachable: why }. The runner (run.mjs) audits it and the checks leave it.
import { until } from './keyboard.mjs';
import { consentPlan, modalOpen, modalPlan, press } from './dialog-states.mjs';
import { lightboxStops } from './plan.mjs';
import { probe } from './probe.mjs';

const anyModal = () => [...document.querySelectorAll('dialog')].some((d) => d.matches(':modal'));
const expanded = (sel) => document.querySelector(sel)?.getAttribute('aria-expanded') === 'true';

async function expand(page, button) {
  if (!(await page.evaluate(expanded, button))) await press(page, button);
  return until(page, expanded, button);
}

/** The plans for one page at one viewport, in the order they are audited. */
export function planStates(markers, viewport) {
  const plans = [];
  // A marker the runtime refused or could not load has no state of its own (listed below).
  const of = (name) => markers.filter((m) => m.name === name && m.state !== 'failed');
  for (const m of of('consent-modal')) plans.push(consentPlan(m));
  of('menu').forEach((m, n) => plans.push(...menuPlans(m, n, viewport)));
  of('modal').forEach((m, n, all) => {
    if (m.inline) return;
    // Its openers and SiteRuntime.modal reach the first modal of an id: a second is never seen.
    if (all.findIndex((o) => o.id === m.id) < n)
      plans.push(
        unreachable(
          `modal:${m.id}:${n}`,
          `modal #${m.id} (${m.selector})`,
          `another modal has the id "${m.id}": its openers reach that one (ids must be unique)`,
        ),
      );
    else plans.push(modalPlan(m));
  });
  plans.push(...lightboxPlans(of('lightbox')));
  // Keys name a state by the marker's place in the runtime's list, not by a path in the page:
  // the runner plans again before each state (a popup added to the page shifts paths).
  of('tiles').forEach((m, n) => plans.push(...tilePlans(m, n)));
  of('carousel').forEach((m, n) => plans.push(carouselPlan(m, n)));
  for (const m of markers.filter((m) => m.state !== 'enhanced'))
    plans.push(
      unreachable(
        `${m.name}:${m.selector}`,
        `${m.name} (${m.selector})`,
        m.state === 'failed'
          ? 'the runtime left it as plain HTML: its markup was refused (the console says why) or its code failed to load'
          : 'the runtime did not enhance it (still waiting)',
      ),
    );
  return plans;
}

const unreachable = (key, label, why) => ({ key, label, reach: async () => ({ unreachable: why }) });

function menuPlans(menu, n, viewport) {
  const plans = [];
  const toggle = viewport === 'mobile' ? menu.toggle : null;
  if (toggle) {
    plans.push({
      key: `menu:${n}:mobile`,
      label: `mobile menu open (${menu.label || menu.selector})`.slice(0, 80),
      reach: async (page) =>
        (await expand(page, toggle))
          ? { kind: 'disclosure', button: toggle }
          : { unreachable: 'the menu button did not open the menu' },
    });
  }
  menu.submenus.forEach((sub, j) => {
    plans.push({
      key: `submenu:${n}:${j}`,
      label: `submenu "${sub.label}" open`,
      reach: async (page) => {
        for (const parent of [toggle, ...sub.parents].filter(Boolean))
          if (!(await expand(page, parent))) return { unreachable: `its parent ${parent} did not open` };
        if (!(await page.locator(sub.selector).isVisible()))
          return { unreachable: 'its button is not shown at this width' };
        return (await expand(page, sub.selector))
          ? { kind: 'disclosure', button: sub.selector, after: collapseAll(menu) }
          : { unreachable: 'the submenu did not open' };
      },
    });
  });
  return plans;
}

/** After a submenu state: Escape until nothing in the menu is open (outer submenus, the list). */
const collapseAll = (menu) => async (page) => {
  for (let i = 0; i < 6; i++) {
    const open = await page.evaluate(
      (sel) => !!document.querySelector(sel)?.querySelector('[aria-expanded="true"]'),
      menu.selector,
    );
    if (!open) return;
    await page.keyboard.press('Escape');
  }
};

function lightboxPlans(items) {
  return lightboxStops(items).map(({ group, index, total, opener, steps, type }) => ({
    key: `lightbox:${group.key}:${index}`,
    label: `lightbox ${group.label}: item ${index + 1} of ${total} (${type})`,
    reach: async (page) => {
      if (!opener) return { unreachable: 'no item of this group is shown on the page to open it' };
      await press(page, opener);
      if (!(await until(page, anyModal, undefined, 5000)))
        return { unreachable: 'the lightbox did not open' };
      for (let i = 0; i < Math.abs(steps); i++)
        await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
      if (!(await until(page, shownItem, index + 1, 5000)))
        return { unreachable: `item ${index + 1} did not show (or its content did not arrive)` };
      const thumbs = await page.evaluate(
        () => !!document.querySelector('dialog:modal .sw-lb-thumbs')?.checkVisibility(),
      );
      return { kind: 'dialog', escape: true, opener, note: thumbs ? 'thumbnails shown' : undefined };
    },
  }));
}

/** The lightbox shows item n (its counter says so), its content arrived (ajax), images loaded. */
function shownItem(n) {
  const d = [...document.querySelectorAll('dialog')].find((x) => x.matches(':modal'));
  const counter = d?.querySelector('.sw-lb-counter')?.textContent ?? '';
  const content = d?.querySelector('.sw-lb-content');
  const filled = !content || !!content.querySelector('img,video,iframe') || content.textContent.trim() !== '';
  return (
    Number(/\d+/.exec(counter)?.[0]) === n && // "Image 2 of 5": the first number
    filled &&
    [...d.querySelectorAll('img')].every((i) => i.complete)
  );
}

function tilePlans(m, n) {
  const ends = [...new Set([m.tiles[0], m.tiles[m.tiles.length - 1]])].filter(Boolean);
  return ends.map((tile, i) => ({
    key: `tiles:${n}:${i === 0 ? 'first' : 'last'}`,
    label: `tile popup on the ${i === 0 ? 'first' : 'last'} tile (${m.tiles.length} tiles)`,
    reach: async (page) => {
      if (!(await page.locator(tile).isVisible())) return { unreachable: 'the tile is not shown' };
      await press(page, tile);
      return (await until(page, anyModal, undefined, 5000))
        ? { kind: 'dialog', escape: true, opener: tile }
        : { unreachable: 'the popup did not open' };
    },
  }));
}

function carouselPlan(m, n) {
  // Rotating, the carousel keeps its live region off (and polite when stopped): the state to press from.
  const rotating = (sel) => document.querySelector(sel)?.getAttribute('aria-live') === 'off';
  return {
    key: `carousel:${n}`,
    label: `carousel paused (${m.label.slice(0, 40) || m.selector})`,
    reach: async (page) => {
      if (!m.rotation) return { unreachable: 'it has no pause control' };
      // Under reduced motion (as the audit runs) it does not rotate at all: paused already.
      if (await page.evaluate(rotating, m.selector)) await press(page, m.rotation);
      if (
        !(await until(
          page,
          (sel) => document.querySelector(sel)?.getAttribute('aria-live') !== 'off',
          m.selector,
        ))
      )
        return { unreachable: 'its rotation did not stop' };
      return { kind: 'control', region: m.selector };
    },
  };
}

/** The state `key` planned again from what the runtime lists now (paths shift as it adds to the page). */
export async function replan(page, key, viewport) {
  const markers = await page.evaluate(probe, { op: 'markers' });
  // No runtime any more: the page reloaded (a consent save with forceReload) or went elsewhere.
  const why = markers ? 'its marker is no longer in the page' : 'the page reloaded or left (no runtime)';
  const plan = planStates(markers ?? [], viewport).find((p) => p.key === key);
  return plan ?? { key, label: key, reach: async () => ({ unreachable: why }) };
}
