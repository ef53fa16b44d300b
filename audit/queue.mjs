// The order pages are audited in: the start URLs, then (with a crawl) the links they lead to,
// each page once, however many are audited at once.
import { followable } from './plan.mjs';

/**
 * Audits the URLs (and, with a crawl, the links they lead to) `o.jobs` page-viewports at a
 * time, each in its own browser context. The queue and the report come out exactly as one page
 * at a time would make them: a page's links join the queue in queue order, once it and every
 * page before it are done, and a worker with nothing left to take waits for those.
 */
export async function auditQueue(o, auditOne) {
  const queue = [...o.urls];
  /** Where pages ended up after a redirect: not audited again when a link leads there. */
  const seen = new Set();
  const limit = Math.max(o.crawl, o.urls.length);
  const V = o.viewports.length;
  /** The site's hosts: the start URLs' and where they ended (http to https, apex to www). */
  const site = new Set(o.urls.map((u) => new URL(u).host));
  const entries = [];
  let next = 0;
  let merged = 0;
  /** Whether a page merged so far is at `address` (its own, or where it ended). */
  const audited = (address) => seen.has(address) || queue.slice(0, merged).includes(address);
  let wake;
  let changed = new Promise((resolve) => (wake = resolve));
  const merge = () => {
    for (; merged < queue.length && entries[merged]?.filter(Boolean).length === V; merged++) {
      // A crawled link that ended on a page audited before it (a redirect) is left out, decided
      // here in queue order: audited at once, it may have started before that page was done.
      const again =
        merged >= o.urls.length && entries[merged].some((e) => audited(e.finalUrl ?? queue[merged]));
      for (const entry of entries[merged]) {
        if (again) {
          entry.status = 'same';
          continue;
        }
        // Links are followed on the site the page ended on (a redirect: http to https, to www).
        if (entry.finalUrl) seen.add(entry.finalUrl);
        if (entry.finalUrl && merged < o.urls.length) site.add(new URL(entry.finalUrl).host);
        if (o.crawl > 0 && entry.links)
          for (const link of followable(entry.links, entry.finalUrl ?? queue[merged]))
            if (!queue.includes(link) && !seen.has(link)) queue.push(link);
        delete entry.links;
      }
    }
  };
  const worker = async () => {
    for (;;) {
      const i = Math.floor(next / V);
      if (i >= limit || (i >= queue.length && merged >= queue.length)) return;
      if (i >= queue.length) {
        await changed; // an earlier page may still add to the queue
        continue;
      }
      const v = next++ % V;
      // A crawled link that ends on another site (a redirect) is not the site's to audit, nor
      // one that ends on a page audited already.
      const entry = await auditOne(queue[i], o.viewports[v], i < o.urls.length ? null : { site, audited });
      (entries[i] ??= [])[v] = entry;
      merge();
      wake();
      changed = new Promise((resolve) => (wake = resolve));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs || 1) }, worker)); // one when not given
  return entries.flat().filter((entry) => entry.status !== 'same');
}
