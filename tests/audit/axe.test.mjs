// axeBuilder (audit/axe.mjs), which the audit command and the browser tests share: axe runs in
// the page itself where every frame is of its origin, and through AxeBuilder's blank page where
// a frame is not. Either way a violation inside a frame is found, and one in the page too.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright';
import { axeBuilder, axeViolations } from '../../audit/axe.mjs';
import { CHROMIUM_ARGS } from '../../audit/chromium.mjs';

const doc = (body) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body><main>${body}</main></body></html>`;
let server;
let port;
let browser;

before(async () => {
  server = createServer((req, res) => {
    const other = `http://localhost:${port}`; // another origin than 127.0.0.1's
    const pages = {
      '/frame.html': doc('<h1>Frame</h1><img src="/x.png">'),
      '/same.html': doc('<h1>Same</h1><iframe title="same" src="/frame.html"></iframe>'),
      '/cross.html': doc(`<h1>Cross</h1><iframe title="cross" src="${other}/frame.html"></iframe>`),
      // Taking axe in keeps this frame busy for 2.5 s; AxeBuilder alone gives up on a frame after 1 s.
      '/busy.html': doc(`<h1>Busy</h1><img src="/x.png"><script>
        let axe;
        Object.defineProperty(window, 'axe', { get: () => axe, set(value) {
          const end = Date.now() + 2500;
          while (Date.now() < end);
          axe = value;
        } });
      </script>`),
      '/busy-same.html': doc('<h1>Busy same</h1><iframe title="busy" src="/busy.html"></iframe>'),
      '/busy-cross.html': doc(`<h1>Busy cross</h1><iframe title="busy" src="${other}/busy.html"></iframe>`),
      '/top.html': doc('<h1>Top</h1><img src="/x.png">'),
      // heading-order is a best practice, not a WCAG rule: out of the tags the tests audit.
      '/mixed.html': doc('<h1>Mixed</h1><h4>Skipped a level</h4><img src="/x.png"><img src="/y.png">'),
    };
    const page = pages[req.url];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html' }).end(page ?? '');
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  port = server.address().port;
  const args = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP localhost 127.0.0.1'];
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args });
});
after(async () => {
  await browser?.close();
  server.close();
});

async function audit(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}${path}`);
  await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.contentWindow));
  const legacy = axeBuilder(page).legacyMode;
  const found = (await axeViolations(page)).flatMap((v) => v.nodes.map((n) => `${v.rule} ${n.selector}`));
  await context.close();
  return { legacy, found };
}

// A limit for a hang, for the whole suite: over 60 s in a clean clone's CI on a machine running
// at half its usual speed (2026-11-26), so 150 s.
describe('axeBuilder', { timeout: 150_000 }, () => {
  test('a page whose frames are all its own runs axe in the page, and finds what is in a frame', async () => {
    assert.deepEqual(await audit('/top.html'), { legacy: true, found: ['image-alt img'] });
    assert.deepEqual(await audit('/same.html'), { legacy: true, found: ['image-alt iframe >>> img'] });
  });

  test('only the WCAG rules run, and every node of a violation is reported', async () => {
    const { found } = await audit('/mixed.html');
    assert.equal(found.length, 2, found.join(', '));
    assert.ok(
      found.every((f) => f.startsWith('image-alt ')),
      found.join(', '),
    );
  });

  test('a cross-origin frame is audited through the blank page', async () => {
    assert.deepEqual(await audit('/cross.html'), { legacy: false, found: ['image-alt iframe >>> img'] });
  });

  test('a frame slow to take axe in (over a second) is waited for, not left out', async () => {
    assert.deepEqual(await audit('/busy-same.html'), { legacy: true, found: ['image-alt iframe >>> img'] });
    assert.deepEqual(await audit('/busy-cross.html'), { legacy: false, found: ['image-alt iframe >>> img'] });
  });
});
