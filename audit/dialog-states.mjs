// The plans of the dialogs whose content is the builder's: the consent preferences and modals
// (states.mjs plans every state; this file says how each of these is opened and closed).
import { until } from './keyboard.mjs';

export const modalOpen = (sel) => !!document.querySelector(sel)?.closest('dialog')?.matches(':modal');
// Its own text, not `!modalOpen(sel)`: Playwright sends a predicate's source to the page, where
// nothing else of this module exists (that one threw there, and the wait ended at once).
const modalClosed = (sel) => !document.querySelector(sel)?.closest('dialog')?.matches(':modal');

/** Opens by keyboard, as a visitor would (so :focus-visible and focus return are the real ones). */
export async function press(page, selector) {
  const target = page.locator(selector).first();
  await target.focus();
  await target.press('Enter');
}

export function consentPlan(modal) {
  return {
    key: 'consent-preferences',
    label: 'consent preferences open',
    reach: async (page) => {
      if (!modal.opener) return { unreachable: 'no visible "preferences" control opens it' };
      await press(page, modal.opener);
      if (!(await until(page, modalOpen, modal.selector, 5000)))
        return { unreachable: 'the preferences did not open' };
      // Closed as a visitor can: Decline (run.mjs answers the save; nothing reaches the server).
      // The page then reloads when the spec says so (`forceReload`, or a choice made before):
      // focus starts afresh on the new page, which is not focus lost (`reloaded`).
      const close = async () => {
        // A reload starts (`beforeunload`) as the save is answered, before the closing is seen.
        await page.evaluate(() => {
          window.__swAuditPage = 'before';
          addEventListener('beforeunload', () => (window.__swAuditPage = 'leaving'));
        });
        const loaded = page.waitForEvent('load', { timeout: 30_000 }).catch(() => undefined);
        if (modal.decline) await page.locator(modal.decline).click();
        await until(page, modalClosed, modal.selector, 5000);
        // Leaving, or gone already (a new page has no mark; a page mid-swap answers nothing).
        const left = await page.evaluate(() => window.__swAuditPage !== 'before').catch(() => true);
        if (!left) return {};
        await loaded;
        return { reloaded: true };
      };
      return { kind: 'dialog', escape: false, close, opener: modal.opener };
    },
  };
}

export function modalPlan(m) {
  return {
    key: `modal:${m.id}`,
    label: `modal #${m.id} open`,
    reach: async (page) => {
      if (m.opener) await press(page, m.opener);
      else await page.evaluate((id) => window.SiteRuntime.modal(id, 'open'), m.id);
      if (!(await until(page, modalOpen, m.selector, 5000))) return { unreachable: 'it did not open' };
      const close = async () => {
        if (m.closer && (await page.locator(m.closer).isVisible())) await page.locator(m.closer).click();
        else await page.evaluate((id) => window.SiteRuntime.modal(id, 'close'), m.id);
        await until(page, modalClosed, m.selector, 5000);
      };
      return { kind: 'dialog', escape: m.escape, close, opener: m.opener };
    },
  };
}
