// The keyboard checks axe cannot make: focus moved into a dialog and kept there on Tab and
// Shift+Tab, a visible focus indicator on each control focused, Escape closing what should
// close, focus returned to the opener, never lost to <body>, and no motion under
// prefers-reduced-motion. Each finding: { rule, impact, wcag, message, selector }.
import { probe } from './probe.mjs';

const ask = (page, op, arg) => page.evaluate(probe, { op, arg });

/** The most Tab presses one cycle may take before the audit stops counting (a long page). */
export const MAX_TABS = 60;

export const RULES = {
  'focus-not-in-dialog': { impact: 'serious', wcag: ['2.4.3'], help: 'Opening a dialog moves focus into it' },
  'focus-left-dialog': {
    impact: 'serious',
    wcag: ['2.4.3'],
    help: 'Tab and Shift+Tab keep focus inside a modal dialog',
  },
  'focus-not-visible': {
    impact: 'serious',
    wcag: ['2.4.7'],
    help: 'A focused control shows a visible focus indicator',
  },
  'escape-does-not-close': {
    impact: 'serious',
    wcag: ['2.1.1'],
    help: 'Escape closes the dialog or submenu',
  },
  'focus-not-returned': {
    impact: 'serious',
    wcag: ['2.4.3'],
    help: 'Closing returns focus to the control that opened it',
  },
  'focus-lost': { impact: 'serious', wcag: ['2.4.3'], help: 'Focus is never lost to the page body' },
  'keyboard-trap': { impact: 'serious', wcag: ['2.1.2'], help: 'Tab moves focus on from every control' },
  'motion-not-reduced': {
    impact: 'moderate',
    wcag: ['2.3.3'],
    help: 'Nothing animates when reduced motion is asked for',
  },
};

const finding = (rule, message, selector) => ({ rule, ...RULES[rule], message, selector: selector ?? null });

/**
 * Tabs (or Shift+Tabs) once round; inside a dialog, focus must stay in it (a native modal
 * <dialog> may pass through the browser's own controls, seen here as <body>, between rounds).
 * Checks the indicator of each control as focus leaves it, and returns what it found.
 */
export async function tabRound(page, { key = 'Tab', dialog = false, max = MAX_TABS, step = false } = {}) {
  const findings = [];
  const looks = new Map(); // control → its look while focused, until it is seen unfocused
  const judge = (selector, after) => {
    if (after && after.every((look, n) => look === looks.get(selector)[n]))
      findings.push(
        finding(
          'focus-not-visible',
          'Nothing about the control changes when it has keyboard focus.',
          selector,
        ),
      );
    looks.set(selector, null);
  };
  let previous = null;
  let first = null;
  let bodies = 0;
  const boxes = new Set(); // the script-made modals (or none: null) the round's controls are in
  let i = 0;
  for (; i < max; i++) {
    await page.keyboard.press(key);
    await stillFocus(page, previous);
    const now = await ask(page, 'focus');
    // Still on the same element: Tab moved inside a frame or a shadow root (a map, a video
    // player), which the page sees as one element, or between a date field's parts: no round
    // completed (and a frame has no look of its own to judge).
    // Anything else that keeps Tab (its keydown prevented) is a trap; but a modal dialog with
    // one control keeps focus on it by design: its round is over.
    if (previous && now.selector === previous) {
      if (now.nested || now.parts) continue;
      if (!dialog || (await ask(page, 'dialog-controls')) > 1)
        findings.push(
          finding('keyboard-trap', `${key} did not move focus on from the control.`, now.selector),
        );
      break;
    }
    // Focus in the browser's own controls (seen as <body>) leaves the page's styles as they
    // were: a control is judged unfocused only when focus moved to another in the page.
    if (previous && !now.body && looks.get(previous)) judge(previous, await ask(page, 'look', previous));
    if (now.body) {
      // Past the last control: the browser's own controls (a page), or between rounds (a dialog).
      if (!dialog || ++bodies > 1) break;
      previous = null;
      continue;
    }
    if (dialog && !now.inDialog) {
      findings.push(finding('focus-left-dialog', `${key} moved focus out of the open dialog.`, now.selector));
      break;
    }
    if (now.selector === first) {
      // Back to the first without passing the browser's controls: a page's script sends focus
      // round a few controls, and the rest are never reached; unless they are all in one modal
      // (a native one, or a script's `aria-modal` popup open at load), whose focus wraps by design.
      if (!dialog && !(boxes.size === 1 && !boxes.has(null)))
        findings.push(
          finding(
            'keyboard-trap',
            `${key} sent focus back round to ${first}, never on to the rest of the page.`,
            previous,
          ),
        );
      break;
    }
    first ??= now.selector;
    boxes.add(now.box ?? null);
    // A frame's own controls are judged by the page it holds, not by the frame's look.
    if (key === 'Tab' && !now.nested && !looks.has(now.selector)) looks.set(now.selector, now.look);
    previous = now.selector;
  }
  // Stopped by the limit, not at the round's end (a long page): the state's label says so.
  if (i === max && !step) findings.cut = max;
  // Controls only ever followed by the browser's (a dialog's only button): seen with focus
  // taken off them inside the page, then given back; first focus comes back into the page
  // (while the browser's controls have it, the page keeps its focused styles).
  // In a submenu (`step`), blurring would close it: one step back instead, and forth again.
  if ([...looks.values()].some(Boolean)) {
    if ((await ask(page, 'focus')).body) await page.keyboard.press(key);
    if (step) await page.keyboard.press('Shift+Tab');
    for (const [selector, look] of looks)
      if (look) judge(selector, await ask(page, step ? 'look' : 'unfocused', selector));
    if (step) await page.keyboard.press('Tab');
  }
  return findings;
}

/** Focus styles that fade in or out are read once they have (the new and the previous control). */
const stillFocus = (page, previous) =>
  until(
    page,
    (sel) =>
      [document.activeElement, sel && document.querySelector(sel)].every(
        (el) => !el?.getAnimations || el.getAnimations().every((a) => a.playState !== 'running'),
      ),
    previous,
    500,
  );

/** Waits until `predicate(arg)` holds in the page, at most `ms`; says whether it did. */
export const until = (page, predicate, arg, ms = 2000) =>
  page.waitForFunction(predicate, arg, { timeout: ms }).then(
    () => true,
    () => false,
  );
const closed = (sel) => !document.querySelector(sel)?.matches(':modal');
const collapsed = (sel) => document.querySelector(sel)?.getAttribute('aria-expanded') !== 'true';

/**
 * A modal dialog is open: focus inside, kept inside both ways; then Escape (or `close`).
 * Findings go into `findings` as they are made: a later step that throws keeps them.
 */
export async function checkDialog(page, { opener, escape, close }, findings = []) {
  const dialogSel = await ask(page, 'dialog');
  // A component may move focus in an effect after the dialog opened: given a moment.
  await until(
    page,
    (sel) => !!document.querySelector(sel)?.contains(document.activeElement),
    dialogSel,
    1000,
  );
  const start = await ask(page, 'focus');
  if (!start.inDialog)
    findings.push(
      finding('focus-not-in-dialog', 'Focus stayed outside the dialog that opened.', start.selector),
    );
  findings.push(...(await motion(page, dialogSel)));
  findings.push(...(await tabRound(page, { dialog: true })));
  findings.push(...(await tabRound(page, { key: 'Shift+Tab', dialog: true })));
  if (escape) {
    await page.keyboard.press('Escape');
    if (!(await until(page, closed, dialogSel))) {
      findings.push(finding('escape-does-not-close', 'Escape left the dialog open.', dialogSel));
      await close?.();
    }
  } else if ((await close?.())?.reloaded) return findings;
  findings.push(...(await focusBack(page, opener)));
  return findings;
}

/**
 * After a close: focus on the opener when it is still shown (else on a control that is: the
 * consent banner goes away with the choice made in the preferences), never on <body>.
 */
export async function focusBack(page, opener) {
  const now = await ask(page, 'focus');
  if (opener && now.selector !== opener && (await ask(page, 'shown', opener)))
    return [
      finding(
        'focus-not-returned',
        `Focus went to ${now.body ? 'the page body' : now.selector}, not to the opener.`,
        opener,
      ),
    ];
  if (now.body || !now.shown)
    return [
      finding(
        'focus-lost',
        `After closing, focus was on ${now.body ? 'the page body' : `${now.selector}, which is not shown`}.`,
        now.selector,
      ),
    ];
  return [];
}

/** A disclosure (submenu) is open: Escape closes it and gives focus back to its button (into `findings`). */
export async function checkDisclosure(page, button, findings = []) {
  // What the submenu shows (the page's own motion is the page state's finding).
  const region = await ask(page, 'shows', button);
  if (region) findings.push(...(await motion(page, region)));
  // Through what it shows (its focus indicators), from its button; then Escape from inside.
  const inside = await ask(page, 'controls', button);
  if (inside > 0) findings.push(...(await tabRound(page, { max: inside, step: true })));
  await page.keyboard.press('Escape');
  if (!(await until(page, collapsed, button))) {
    findings.push(finding('escape-does-not-close', 'Escape left the submenu open.', button));
    await page.locator(button).press('Enter');
  }
  findings.push(...(await focusBack(page, button)));
  return findings;
}

export async function motion(page, region) {
  const running = await ask(page, 'motion', region);
  return running.map((a) =>
    finding(
      'motion-not-reduced',
      `"${a.name}" runs although the visitor asked for reduced motion.`,
      a.selector,
    ),
  );
}
