/**
 * The site's other open tabs (BroadcastChannel: this origin only). A no given in one tab
 * stops the runtime's parts in the others at once, as it does in its own: else they tracked on
 * until reloaded, and the tag wrote its cookies again. Only groups switched off travel; a yes
 * starts nothing elsewhere (that tab's page was shown under the old choice, and reloading it
 * unasked could lose what its visitor was typing). The server's scripts that tab already ran
 * stay until it reloads. Returns what tells the others; `withdraw` hears them.
 */
export function otherTabs(
  win: Window,
  signal: AbortSignal,
  withdraw: (off: string[]) => void,
): (off: string[]) => void {
  const Channel = (win as Window & { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!Channel) return () => {};
  let channel: BroadcastChannel | undefined;
  const open = () => {
    channel = new Channel('sw-consent');
    channel.onmessage = (e: MessageEvent<{ off?: unknown }>) => {
      const off = e.data?.off;
      if (Array.isArray(off) && off.every((name) => typeof name === 'string')) withdraw(off);
    };
  };
  const close = () => (channel?.close(), (channel = undefined));
  open();
  // An open channel can keep the page out of the back/forward cache: closed as the page is
  // left, open again if it comes back from there (what it missed meanwhile, the consent
  // re-read on `pageshow` catches).
  win.addEventListener('pagehide', close, { signal });
  win.addEventListener('pageshow', (e) => (e as PageTransitionEvent).persisted && !channel && open(), {
    signal,
  });
  signal.addEventListener('abort', close, { once: true });
  return (off) => channel?.postMessage({ off });
}
