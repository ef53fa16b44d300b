import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Controller, ControllerDefinition, LazyDefinition } from '../../../runtime/controller';
import { consentAsked } from '../../../runtime/consent/openers';
import { definitions } from '../../../runtime/controllers/index';
import type { Runtime } from '../../../runtime/runtime';
import { html, runtime, silenceConsole } from '../helpers';

const page = `<div id="prefs" data-sw-consent-modal></div>
  <form><button id="b" data-sw-consent-action="preferences">Cookie settings</button></form>
  <a id="a" href="#prefs" data-sw-consent-action="preferences">Cookies</a>
  <a id="away" href="/cookies/" data-sw-consent-action="preferences">Cookie policy</a>`;

/**
 * The product's definitions of the consent openers (entry) and of the consent modal (hidden,
 * idle), the modal's chunk a stand-in held until `arrive()`, whose connect takes what was
 * asked as consent-modal.tsx does (the real one is run in consent.spec.ts).
 */
function setUp(fail = false) {
  const openers = definitions.find((d) => d.name === 'consent-openers')!;
  const real = definitions.find((d) => d.name === 'consent-modal') as LazyDefinition;
  const opened: (string | undefined)[] = [];
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  const controller: Controller = {
    connect(_el, ctx) {
      const asked = consentAsked(ctx.runtime);
      if (asked.from) opened.push(asked.from.id);
      Object.assign(asked, { from: null, taken: true });
    },
  };
  const importer = vi.fn(async () => {
    await held;
    if (fail) throw new Error('offline');
    return { consentModal: controller };
  });
  const rt = runtime([openers, { ...real, importer } as ControllerDefinition]);
  rt.start();
  return { rt, opened, arrive, importer };
}

function press(id: string) {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById(id)!.dispatchEvent(click);
  return click;
}

let rt: Runtime | undefined;
afterEach(() => rt?.destroy());

describe('a preferences control pressed before the consent code has come (contract §3)', () => {
  it('a button: the code is fetched at once and opens the preferences from it as it connects', async () => {
    html(page);
    const s = setUp();
    rt = s.rt;
    expect(s.importer).not.toHaveBeenCalled(); // idle has not come
    expect(press('b').defaultPrevented).toBe(true); // a submit button in a form submits nothing
    expect(s.importer).toHaveBeenCalledTimes(1);
    s.arrive();
    await vi.waitFor(() => expect(s.opened).toEqual(['b']));
    // Connected, the code's own listener takes the controls: nothing is kept any more.
    expect(press('b').defaultPrevented).toBe(false);
    expect(consentAsked(rt).from).toBeNull();
    expect(s.importer).toHaveBeenCalledTimes(1);
  });

  it('a link naming the preferences is followed (the address opens them) and fetches the code at once', () => {
    html(page);
    const s = setUp();
    rt = s.rt;
    expect(press('a').defaultPrevented).toBe(false);
    expect(s.importer).toHaveBeenCalledTimes(1);
    expect(consentAsked(rt).from).toBeNull();
  });

  it('a link elsewhere goes where it points, and fetches nothing', () => {
    html(page);
    const s = setUp();
    rt = s.rt;
    expect(press('away').defaultPrevented).toBe(false);
    expect(s.importer).not.toHaveBeenCalled();
  });

  it('without consent code to come, a button is left as written', () => {
    html(page.replace('data-sw-consent-modal', ''));
    const s = setUp();
    rt = s.rt;
    expect(press('b').defaultPrevented).toBe(false);
    expect(consentAsked(rt).from).toBeNull();
  });

  it('a press whose code fails is forgotten: a later rescan does not open the preferences by itself', async () => {
    silenceConsole();
    html(page);
    const s = setUp(true);
    rt = s.rt;
    press('b');
    expect(consentAsked(rt).from?.id).toBe('b');
    s.arrive();
    await vi.waitFor(() => expect(consentAsked(rt!).from).toBeNull());
  });
});
