// The keyboard checks' own bookkeeping, with a page that answers as a browser would: what is
// found is kept when a later step throws, and Tab inside a frame judges nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDialog, tabRound } from '../../audit/keyboard.mjs';

/** A page whose probes answer from `answers` (by op), whose waits all time out, and whose keys do nothing. */
const fakePage = (answers) => ({
  evaluate: async (_probe, { op }) => (typeof answers[op] === 'function' ? answers[op]() : answers[op]),
  waitForFunction: async () => {
    throw new Error('Timeout exceeded');
  },
  keyboard: { press: async () => {} },
});

test('a dialog check keeps what it found before a later step threw (the close could not be clicked)', async () => {
  const page = fakePage({
    dialog: 'dialog#d',
    focus: { body: false, inDialog: true, selector: '#x' },
    motion: [],
  });
  const found = [];
  const close = async () => {
    throw new Error('locator.click: Timeout 30000ms exceeded');
  };
  await assert.rejects(checkDialog(page, { opener: '#open', escape: true, close }, found), /Timeout 30000ms/);
  assert.ok(
    found.some((f) => f.rule === 'escape-does-not-close'),
    JSON.stringify(found.map((f) => f.rule)),
  );
});

test('Tab that stays on one element (inside a frame) is not judged as a control without a focus ring', async () => {
  // An iframe first, then a button: the iframe's own controls take two Tabs, then the button,
  // then the browser's controls (the page body).
  const steps = ['iframe', 'iframe', 'iframe', 'button', null];
  let i = 0;
  const focused = () => steps[Math.min(i, steps.length) - 1];
  const page = fakePage({
    focus: () => {
      const selector = steps[Math.min(i++, steps.length - 1)];
      return selector
        ? { body: false, selector, look: ['ring'], nested: selector === 'iframe' }
        : { body: true };
    },
    // Each element shows its ring while it has focus, and none once focus has left it.
    look: () => (focused() === 'iframe' ? ['ring'] : ['plain']),
  });
  const found = await tabRound(page);
  assert.deepEqual(found, []);
  assert.ok(i >= 4, 'the round went on past the frame to the button');
});

test('Tab kept by a control that is no frame (its keydown prevented) is a keyboard trap, and the round ends there', async () => {
  const steps = ['#editor', '#editor', '#editor', 'button'];
  let i = 0;
  const page = fakePage({
    focus: () => ({
      body: false,
      selector: steps[Math.min(i++, steps.length - 1)],
      look: ['ring'],
      nested: false,
    }),
    look: ['plain'],
  });
  const found = await tabRound(page);
  assert.deepEqual(
    found.map((f) => `${f.rule} ${f.selector}`),
    ['keyboard-trap #editor'],
  );
});

test('a round stopped by the limit (a long page) says so, one that ended does not', async () => {
  let i = 0;
  const page = fakePage({
    focus: () => ({ body: false, selector: `#l${i++}`, look: ['ring'] }),
    look: ['plain'],
  });
  assert.equal((await tabRound(page, { max: 5 })).cut, 5);
  const ends = fakePage({
    focus: () => (i++ % 2 ? { body: true } : { body: false, selector: '#a', look: ['ring'] }),
    look: ['plain'],
  });
  assert.equal((await tabRound(ends, { max: 5 })).cut, undefined);
});

test('a modal dialog with one control keeps Tab on it by design: no trap, the round is over', async () => {
  const page = fakePage({
    focus: { body: false, selector: '#close', look: ['ring'], nested: false, inDialog: true },
    look: ['plain'],
  });
  assert.deepEqual(await tabRound(page, { dialog: true }), []);
});
