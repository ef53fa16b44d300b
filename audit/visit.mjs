// Opening one page for the audit: where the navigation ended and what it answered, so the
// audit can tell the site's page from another site's, a download or an error.

const HTML = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

/**
 * Goes to `url`. Resolves to the navigation's response (or the error it ended in), the last
 * hop (a redirect is a request of its own) and whether that hop answered something other than
 * an HTML page with a success (a `.vcf`, `?format=pdf`: a download, never a page).
 */
export async function visit(page, url) {
  const hops = [];
  let notPage = false;
  const main = (r) => r.isNavigationRequest() && r.frame() === page.mainFrame();
  const hop = (r) => main(r) && hops.push(r.url());
  const answer = (r) => {
    if (!main(r.request())) return;
    const type = r.headers()['content-type'] ?? '';
    // An error (a 404 in text/plain) is an error, not a download: it fails as one.
    notPage = r.status() < 400 && !!type && !HTML.test(type) && type;
  };
  page.on('request', hop);
  page.on('response', answer);
  const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch((err) => err);
  page.off('request', hop);
  page.off('response', answer);
  return { response, landed: hops.at(-1) ?? url, notPage };
}
