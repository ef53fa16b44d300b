import { describe, expect, it, vi } from 'vitest';
import type { Controller, LazyDefinition } from '../../runtime/controller';
import { definitions } from '../../runtime/controllers/index';
import { html, runtime } from './helpers';

const control = '[data-sw-consent-action="preferences"]';

/**
 * The product's consent-modal definition (hidden, idle, its openers) with a stand-in chunk: it
 * opens the preferences from any preferences control on the page, as consent/markup.ts does.
 */
function consentModal() {
  const opened: string[] = [];
  const controller: Controller = {
    async connect(_el, ctx) {
      await new Promise((r) => setTimeout(r, 5)); // an async connect (the UI host)
      ctx.listen<MouseEvent>(document, 'click', (e) => {
        const at = (e.target as Element).closest(control);
        if (!at) return;
        e.preventDefault();
        opened.push(at.id);
      });
    },
  };
  const importer = vi.fn(() => Promise.resolve({ default: controller }));
  const real = definitions.find((d) => d.name === 'consent-modal') as LazyDefinition;
  return { definition: { ...real, importer, exported: undefined }, opened, importer };
}

const page = `<div id="prefs" data-sw-consent-modal data-sw-cookie-groups="[]"></div>
  <p><button id="b" type="button" data-sw-consent-action="preferences">Cookie settings</button>
  <a id="a" href="#prefs" data-sw-consent-action="preferences">Cookies</a></p>`;

describe('consent: a preferences control used before the consent code has come (issue 14)', () => {
  it('a button anywhere on the page: its click fetches the code at once and is replayed, once', async () => {
    html(page);
    const c = consentModal();
    const rt = runtime([c.definition]);
    rt.start();
    expect(c.importer).not.toHaveBeenCalled(); // idle has not come yet
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('b')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(c.importer).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(c.opened).toEqual(['b']));
    await rt.work.idle();
    expect(c.opened).toEqual(['b']);
    // Once the code is in, clicks are the controller's own: nothing is held any more.
    document.getElementById('b')!.click();
    expect(c.opened).toEqual(['b', 'b']);
    expect(c.importer).toHaveBeenCalledTimes(1);
    rt.destroy();
  });

  it("a link to the preferences: no jump to the builder's hidden box, the preferences open", async () => {
    html(page);
    const c = consentModal();
    const rt = runtime([c.definition]);
    rt.start();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(c.opened).toEqual(['a']));
    rt.destroy();
  });
});
