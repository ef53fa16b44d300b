// The flags every Chromium this project starts gets (the audit; the browser tests add theirs):
// no sandbox (containers, root), no GPU, and none of the browser's own traffic or first-run work.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
