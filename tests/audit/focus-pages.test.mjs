// The audit's keyboard and focus checks against planted pages (a black-box tester's cases):
// traps a modal or a page script makes are found; a frame, or focus shown other than by an
// outline, is no finding; focus "shown" in ways nobody can see is; a page that reloads after
// a consent choice, or that never frees its main thread, is judged for what it is.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { page, startPlantedSite } from './pages.mjs';
import { findings, runAudit, states } from './run-audit.mjs';

const MORE = {
  // Links moved into view when focused (off the page's edge, or clipped to a pixel): an
  // indicator; one that stays off the page when focused is none.
  '/skip-links.html': page(
    'Skip links',
    `<a class="skip" href="#main">Skip to content</a><a class="sr" href="#end">Skip to the end</a>
<p><a class="gone" href="#x">Never shown</a> <a href="/about.html" id="end">About</a></p>`,
    `a{display:inline-block;padding:6px}.skip{position:absolute;left:-9999px;top:0;background:#fff;color:#00e}
.skip:focus{left:8px;outline:none}.sr{position:absolute;width:1px;height:1px;padding:0;overflow:hidden;clip:rect(0 0 0 0)}
.sr:focus{width:auto;height:auto;padding:6px;clip:auto;outline:none}.gone{position:absolute;left:-9999px}.gone:focus{outline:none}`,
  ),
};

let site;
before(async () => (site = await startPlantedSite(MORE)));
after(() => site.close());
const audit = (paths, ...args) => runAudit(site, paths, '--viewport', 'desktop', ...args);

describe('site-runtime-audit: focus and keyboard', { timeout: 300_000, concurrency: 3 }, () => {
  test('Tab kept on a field of a modal with more controls, and Tab sent back round two links: both traps', async () => {
    const r = await audit(['/trap-dialog.html', '/trap-cycle.html']);
    assert.equal(r.code, 1, r.out);
    assert.deepEqual(findings(r.json).sort(), [
      'desktop modal:promo keyboard-trap',
      'desktop page keyboard-trap',
    ]);
    const cycle = r.json.pages[1].states[0].keyboard[0];
    assert.equal(cycle.selector, '#b1', 'the control that sends focus back');
  });

  test('a frame between links, and focus shown by a border, a drawn ring, a grown underline or a card: no finding', async () => {
    const r = await audit(['/frame.html', '/focus-kinds.html']);
    assert.deepEqual(findings(r.json), []);
    assert.equal(r.code, 0, r.out);
  });

  test('focus shown by a transparent outline, a shadow of no size, an outline of no width: each is not visible', async () => {
    const r = await audit(['/focus-invisible.html']);
    assert.equal(r.code, 1, r.out);
    const found = r.json.pages[0].states[0].keyboard.map((f) => `${f.rule} ${f.selector}`);
    assert.deepEqual(found.sort(), [
      'focus-not-visible html > body > main > p > button:nth-of-type(1)',
      'focus-not-visible html > body > main > p > button:nth-of-type(2)',
      'focus-not-visible html > body > main > p > button:nth-of-type(3)',
    ]);
  });

  test('a skip link moved into view when focused shows focus; one that stays off the page does not', async () => {
    const r = await audit(['/skip-links.html']);
    const found = r.json.pages[0].states[0].keyboard.map((f) => `${f.rule} ${f.selector}`);
    assert.deepEqual(found, ['focus-not-visible html > body > main > p > a:nth-of-type(1)'], r.out);
  });

  test('a submenu whose id has a space (no aria-controls) is still opened and checked', async () => {
    const r = await audit(['/menu-spaced.html']);
    assert.deepEqual(states(r.json), ['page:checked', 'submenu:0:0:checked']);
    assert.deepEqual(findings(r.json), []);
    assert.equal(r.code, 0, r.out);
  });

  test("no trap where focus stays by design: a date field's parts in a modal, a script's modal popup open at load", async () => {
    const r = await audit(['/date-modal.html', '/aria-popup.html']);
    assert.deepEqual(
      findings(r.json).filter((f) => f.endsWith('keyboard-trap')),
      [],
    );
    assert.ok(states(r.json).includes('modal:promo:checked'), r.out);
  });

  test('a control without an indicator beside things that keep moving (its ::after, a section around it): found', async () => {
    const r = await audit(['/moving-around.html']);
    const found = r.json.pages[0].states[0].keyboard.filter((f) => f.rule === 'focus-not-visible');
    assert.equal(found.length, 2, JSON.stringify(found));
  });

  test("a theme's own expanded-state button before the menu is not taken for a submenu's parent", async () => {
    const r = await audit(['/burger.html']);
    assert.deepEqual(states(r.json), ['page:checked', 'submenu:0:0:checked']);
    assert.equal(r.code, 0, r.out);
  });

  test('a page with more controls than a Tab round takes: its state says the round stopped', async () => {
    const r = await audit(['/many-links.html']);
    assert.match(r.json.pages[0].states[0].label, /Tab round stopped after 60 controls/);
    assert.match(r.out, /Tab round stopped after 60 controls/);
  });

  test('motion on the page itself is found as loaded', async () => {
    const r = await audit(['/motion-page.html']);
    assert.deepEqual(findings(r.json), ['desktop page motion-not-reduced']);
  });

  test('consent preferences on a page that reloads once the choice is saved: the fresh page is no focus lost', async () => {
    const r = await audit(['/consent-reload.html']);
    assert.ok(states(r.json).includes('consent-preferences:checked'), r.out);
    assert.deepEqual(
      findings(r.json).filter((f) => f.includes('consent-preferences')),
      [],
    );
  });

  test('a page whose main thread never frees: not audited, once --state-timeout has passed', async () => {
    const t0 = Date.now();
    // 15 s: a clean page's state takes far less, even with two other audits beside it.
    const r = await audit(['/frozen.html', '/clean.html'], '--state-timeout', '15', '--jobs', '1');
    assert.equal(r.code, 1, r.out);
    const [frozen, clean] = r.json.pages;
    assert.equal(frozen.status, 'error');
    assert.match(frozen.message, /did not answer within 15 s/);
    assert.equal(clean.status, 'checked', 'the next page is audited all the same');
    assert.ok(Date.now() - t0 < 100_000, 'well before the page frees itself (120 s)');
  });
});
