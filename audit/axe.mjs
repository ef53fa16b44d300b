// axe-core, as the browser tests run it: WCAG 2.0, 2.1 and 2.2, levels A and AA.
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';

// The axe-core that AxeBuilder itself loads (its own dependency, not one of ours), so the script
// put into frames below is the very one AxeBuilder would inject.
const axe = createRequire(import.meta.resolve('@axe-core/playwright'))('axe-core');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// Evaluated where axe may already be: then only parsed, not run again.
const guardedSource = `if (typeof window.axe === 'undefined') {\n${axe.source}\n}`;
const FRAME_WAIT_MS = 15_000;

/** `promise`, or a rejection after `ms`. */
function within(promise, ms) {
  let timer;
  const late = new Promise((_, no) => (timer = setTimeout(() => no(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Puts axe into every loaded frame at once, before AxeBuilder goes through them one by one.
 * AxeBuilder races each frame's injection (1.3 MB of script, in the frame's own process when
 * it is cross-origin) against a 1 s timer and, when the timer wins, leaves the frame out of the
 * results without a word: on a busy CI machine a cross-origin frame's image went unreported.
 * Here a frame has FRAME_WAIT_MS. A frame that never loaded (a lazy one out of view: its URL is
 * empty) would never answer, so it is not waited for.
 */
export async function injectAxeIntoFrames(page) {
  const frames = page.frames().filter((f) => f !== page.mainFrame() && f.url() !== '' && !f.isDetached());
  // A frame that fails (detached meanwhile, or too slow) is left to AxeBuilder's own try.
  await Promise.all(
    frames.map((frame) => within(frame.evaluate(guardedSource), FRAME_WAIT_MS).catch(() => {})),
  );
}

/**
 * AxeBuilder whose injection waits FRAME_WAIT_MS, not 1 s, for a frame (see above: its own
 * runs again after ours, and parsing even the guarded script can take over a second on a busy
 * machine). It overrides AxeBuilder's `inject` (@axe-core/playwright 4.13), which its types call
 * private, and the `script` and `axeConfigure` it calls: only where all three are there, so a
 * later version that renames them gets its own injection back (and injectAxeIntoFrames still
 * does the waiting). A frame that never loaded fails at once, as AxeBuilder's timer would have.
 */
class PatientAxeBuilder extends AxeBuilder {
  async inject(frames, shouldThrow) {
    for (const frame of frames) {
      try {
        if (frame.url() === '') throw new Error('the frame never loaded');
        await within(frame.evaluate(this.script()), FRAME_WAIT_MS);
        await frame.evaluate(await this.axeConfigure());
      } catch (err) {
        if (shouldThrow) throw err;
      }
    }
  }
}

const patient = ['inject', 'script', 'axeConfigure'].every(
  (m) => typeof AxeBuilder.prototype[m] === 'function',
);

/** `wcag1410` → `1.4.10`: the success criteria an axe rule's tags name. */
export function criteria(tags) {
  return tags.flatMap((t) => {
    const m = /^wcag(\d)(\d)(\d{1,2})$/.exec(t);
    return m ? [`${m[1]}.${m[2]}.${m[3]}`] : [];
  });
}

/** axe's target (frames and shadow roots nest) as one readable selector. */
const selectorOf = (target) => target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' >>> ');

/**
 * axe for the page as it is now. Where every frame is of the page's own origin, axe runs in the
 * page itself (AxeBuilder's "legacy mode": the same rules, the same frames, the same results)
 * instead of opening a blank page to merge the frames' results, which was more than half of each
 * call's time (0.6 of 1.1 s in Firefox). A cross-origin frame can only be audited that way, and is.
 */
export function axeBuilder(page) {
  const { origin } = new URL(page.url());
  const ownFrames = page.frames().every((frame) => {
    const url = frame.url();
    return url === '' || url.startsWith('about:') || new URL(url).origin === origin;
  });
  // Only violations are read: axe then builds one node of each passing or incomplete rule instead
  // of every node (a selector apiece), which was a third of a call (the 1,000-box page in
  // Firefox: 7.2 -> 2.5 s). options() replaces what withTags() sets, so it comes first.
  return new (patient ? PatientAxeBuilder : AxeBuilder)({ page, axeSource: guardedSource })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(ownFrames);
}

/** The violations on the page as it is now, each with its nodes' selectors and HTML. */
export async function axeViolations(page) {
  await injectAxeIntoFrames(page);
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'minor',
    help: v.help,
    helpUrl: v.helpUrl,
    wcag: criteria(v.tags),
    nodes: v.nodes.map((n) => ({
      selector: selectorOf(n.target),
      html: n.html,
      summary: n.failureSummary ?? '',
    })),
  }));
}
