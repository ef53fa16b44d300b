/**
 * The site's other open tabs (BroadcastChannel: this origin only). A no given in one tab
 * stops the runtime's parts in the others at once, as it does in its own: else they tracked on
 * until reloaded, and the tag wrote its cookies again. Only groups switched off travel; a yes
 * starts nothing elsewhere (that tab's page was shown under the old choice, and reloading it
 * unasked could lose what its visitor was typing). The server's scripts that tab already ran
 * stay until it reloads. Returns what tells the others; `withdraw` hears them. `scope`: the
 * project (its consent is its own); `optional`: the groups a visitor can switch off.
 */
export function otherTabs(
  win: Window,
  signal: AbortSignal,
  {
    scope,
    optional,
    withdraw,
  }: { scope: string; optional: readonly string[]; withdraw: (off: string[]) => void },
): (off: string[]) => void {
  const Channel = (win as Window & { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  let channel: BroadcastChannel | undefined;
  const open = () => {
    if (!Channel) return;
    channel = new Channel(`sw-consent:${scope}`);
    channel.onmessage = (e: MessageEvent<{ off?: unknown }>) => {
      const off = e.data?.off;
      if (Array.isArray(off) && off.every((name) => typeof name === 'string')) withdraw(off);
    };
  };
  const close = () => (channel?.close(), (channel = undefined));
  open();
  // An open channel can keep the page out of the back/forward cache: closed as the page is
  // left, open again if it comes back from there. A no given meanwhile on another page is in
  // the site's cookies: it stops tracking here at once, not once the re-read has answered.
  win.addEventListener('pagehide', close, { signal });
  win.addEventListener(
    'pageshow',
    (e) => {
      if (!(e as PageTransitionEvent).persisted) return;
      if (!channel) open();
      const off = offInJar(win.document, optional);
      if (off.length) withdraw(off);
    },
    { signal },
  );
  signal.addEventListener('abort', close, { once: true });
  return (off) => void (off.length && channel?.postMessage({ off }));
}

/**
 * Of `names`, the groups the site's cookies say are off: the server keeps each flag as a
 * cookie of its name (contract §4), so a save made in another page has left its no there.
 */
export function offInJar(doc: Document, names: readonly string[]): string[] {
  let jar = '';
  try {
    jar = doc.cookie;
  } catch {
    return []; // a sandboxed document has no cookies to read
  }
  // Of cookies of one name, the browser lists the one of the longest path first: this
  // project's, not a site's at the root with the same names.
  const first = new Map<string, string>();
  for (const c of jar.split(';')) {
    const [name = '', value = ''] = c.trim().split('=');
    if (!first.has(name)) first.set(name, value);
  }
  return names.filter((name) => first.get(name) === '0');
}
