import { loadChunk } from '../chunks';
import { uiStrings } from '../i18n/ui';
import { inFormField } from '../dom';
import type { Runtime } from '../runtime';
import { attr, legacyLightboxSelector } from '../schema';
import { trusted } from '../trusted-types';
import { createDialog } from '../ui/dialog';
import { contentOf, type Content } from './content';
import { deepLinkHash, parseDeepLink } from './deep-link';
import { inlineCopy } from './inline';

/** Spec §8, verbatim. */
export const BROKEN_IMAGE = 'Image cannot be loaded. Make sure the path is correct and image exist.';
/** Spec §4: resized content fits the window minus 200 px. */
export const FIT_MARGIN = 200;
/** Spec §9: thumbnail slots 52 px plus 5. */
export const THUMB_SLOT = 57;
/** Spec §2: a deep link opens after 50 ms. */
export const DEEP_LINK_DELAY = 50;

export const itemSelector = `[${attr.lightbox}], ${legacyLightboxSelector}`;

interface Item {
  link: HTMLAnchorElement;
  content: Content;
  title: string;
  description: string;
}

/** The group an item belongs to, or null for a single item (empty value, bare `prettyPhoto`). */
export function groupOf(link: Element): string | null {
  const own = link.getAttribute(attr.lightbox);
  if (own !== null) return own.trim() || null;
  return /^prettyPhoto\[([^\]]+)\]/.exec(link.getAttribute('rel') ?? '')?.[1] ?? null;
}

const L = 'dialog[data-sw-dialog].sw-lightbox';
// With classic scrollbars (Firefox; Chrome on Windows) a dialog taller than the window takes
// its scrollbar out of the content's width, so a fitted image overflowed sideways: the gutter
// is reserved instead. Thumbnails are blocks: an inline image's descender space overflowed its
// button and put scrollbars on the strip.
const css = `
${L}{max-width:calc(100vw - 1em);max-height:calc(100dvh - 1em);padding:.75em;transition-duration:200ms;scrollbar-gutter:stable}
${L}::backdrop{background:rgb(0 0 0/var(--sw-lb-opacity,.8));transition-duration:200ms}
${L} .sw-lb-bar{display:flex;justify-content:space-between;align-items:center;gap:1em}
${L} .sw-lb-counter{margin:0}
${L} figure{margin:.5em 0}
${L} .sw-lb-content{display:flex;justify-content:center;overflow:auto}
${L} .sw-lb-content img,${L} .sw-lb-content video,${L} .sw-lb-content iframe{display:block;border:0;max-width:none}
${L} figcaption h2{font-size:1.1em;margin:.5em 0 0}
${L} figcaption p{margin:.25em 0 0}
${L} .sw-lb-nav{display:flex;gap:.5em;justify-content:space-between}
${L} .sw-lb-nav button{min-width:var(--sw-lb-nav-width,30px)}
${L}.sw-lightbox--pp_default,${L}.sw-lightbox--facebook{--sw-lb-nav-width:50px}
${L} .sw-lb-thumbs{display:flex;gap:5px;overflow-x:auto;margin-top:.5em;padding:2px}
${L} .sw-lb-thumbs button{flex:0 0 52px;width:52px;height:52px;padding:0;border:2px solid transparent;background:none}
${L} .sw-lb-thumbs button[aria-current=true]{border-color:currentColor}
${L} .sw-lb-thumbs img{display:block;width:100%;height:100%;object-fit:cover}
${L} [hidden]{display:none!important}
@media (prefers-reduced-motion:reduce){${L},${L}::backdrop{transition:none}}
`;

/**
 * The page's one lightbox (contract §3, Lightbox; spec §4): a native modal dialog showing one
 * item of a group at a time. Everything from the page (titles, descriptions, alt text) and
 * from the URL is inserted as text; ajax HTML is sanitised; only http(s) is ever loaded.
 */
export function createLightbox(runtime: Runtime) {
  const win = runtime.window;
  const doc = runtime.document;
  const options = runtime.config.lightbox;
  const t = runtime.strings(uiStrings);
  const signal = runtime.signal;
  runtime.adoptStyles(css);

  let items: Item[] = [];
  let index = 0;
  let token = 0;
  let fitting = true;
  let slideshow = 0;
  let playing = false;
  let historyPushed = false;
  let ownHash = '';

  const dialog = createDialog(runtime, signal, {
    closeBy: { escape: true, overlay: !options.modal },
    onClosed: () => cleanup(),
  });
  const box = dialog.element;
  box.classList.add('sw-lightbox', `sw-lightbox--${options.theme.replace(/[^\w-]/g, '')}`);
  box.style.setProperty('--sw-lb-opacity', String(options.opacity));
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string) => {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const button = (label: string, cls: string) => {
    const b = el('button', cls, label);
    b.type = 'button';
    return b;
  };
  const bar = el('div', 'sw-lb-bar');
  const counter = el('p', 'sw-lb-counter');
  counter.setAttribute('aria-live', 'polite');
  const close = button(t('close'), 'sw-lb-close');
  bar.append(counter, close);
  const figure = el('figure');
  const stage = el('div', 'sw-lb-content');
  const caption = el('figcaption');
  const title = el('h2');
  title.id = `sw-lb-title-${Math.random().toString(36).slice(2, 8)}`;
  const description = el('p');
  caption.append(title, description);
  figure.append(stage, caption);
  const nav = el('div', 'sw-lb-nav');
  const prev = button(t('previous'), 'sw-lb-prev');
  const play = button(t('startSlideshow'), 'sw-lb-play');
  const expand = button(t('expand'), 'sw-lb-expand');
  const next = button(t('next'), 'sw-lb-next');
  nav.append(prev, play, expand, next);
  const thumbs = el('div', 'sw-lb-thumbs');
  thumbs.setAttribute('role', 'group');
  thumbs.setAttribute('aria-label', t('thumbnails'));
  box.append(bar, figure, nav, thumbs);
  box.setAttribute('aria-labelledby', title.id);
  doc.body.append(box);
  signal.addEventListener('abort', () => dialog.destroy());

  const listen = (target: EventTarget, type: string, fn: (e: Event) => void) =>
    target.addEventListener(type, fn, { signal });

  function itemsOf(link: HTMLAnchorElement): Item[] {
    const group = groupOf(link);
    const links =
      group === null
        ? [link]
        : [...doc.querySelectorAll<HTMLAnchorElement>(itemSelector)].filter((l) => groupOf(l) === group);
    return links.flatMap((l) => {
      const content = contentOf(l.getAttribute('href') ?? '', win.location.href, {
        width: options.defaultWidth,
        height: options.defaultHeight,
      });
      if ('refused' in content) {
        console.error(`[site-runtime] lightbox: ${content.refused}.`);
        return [];
      }
      const img = l.querySelector('img');
      return [
        {
          link: l,
          content,
          title: l.getAttribute('title') ?? '',
          description: l.getAttribute(attr.description) ?? img?.getAttribute('alt') ?? '',
        },
      ];
    });
  }

  function cleanup() {
    token++;
    stopSlideshow();
    stage.replaceChildren();
    if (historyPushed) {
      historyPushed = false;
      if (win.location.hash === ownHash) win.history.back();
    }
  }

  const typeName = (c: Content) =>
    c.kind === 'image'
      ? t('image')
      : c.kind === 'inline' || c.kind === 'ajax' || c.kind === 'iframe'
        ? t('content')
        : t('video');

  /** Fits `w`×`h` into the window minus 200 px (when fitting); says whether it had to. */
  function fit(media: HTMLElement, w: number, h: number) {
    const maxW = win.innerWidth - FIT_MARGIN;
    const maxH = win.innerHeight - FIT_MARGIN;
    const scale = Math.min(1, maxW / w, maxH / h);
    const large = scale < 1;
    const s = large && fitting ? Math.max(scale, 0.05) : 1;
    media.style.width = `${Math.round(w * s)}px`;
    media.style.height = `${Math.round(h * s)}px`;
    expand.hidden = !large || !options.allowResize;
    expand.textContent = fitting ? t('expand') : t('contract');
  }

  function render(item: Item, mine: number) {
    const { content } = item;
    const frame = (src: string) => {
      const f = el('iframe');
      f.src = src;
      f.title = item.title || typeName(content);
      f.setAttribute('allow', 'fullscreen; picture-in-picture');
      f.referrerPolicy = 'strict-origin-when-cross-origin';
      fit(f, content.width, content.height);
      return f;
    };
    switch (content.kind) {
      case 'image': {
        const img = new win.Image();
        img.alt = item.description || item.title;
        img.onload = () => {
          if (mine !== token) return;
          stage.replaceChildren(img);
          fit(img, img.naturalWidth, img.naturalHeight);
          preload();
        };
        img.onerror = () => {
          if (mine !== token) return;
          win.alert(BROKEN_IMAGE);
          dialog.close('api');
        };
        img.src = content.src;
        return;
      }
      case 'video': {
        const v = el('video');
        v.controls = true;
        v.src = content.src;
        fit(v, content.width, content.height);
        stage.replaceChildren(v);
        return;
      }
      case 'youtube':
      case 'vimeo':
      case 'iframe':
        stage.replaceChildren(frame(content.src));
        return;
      case 'inline': {
        const target = doc.getElementById(content.src);
        // The lightbox itself (or the body holding it) is never copied into itself.
        stage.replaceChildren(
          ...(target && !target.contains(box) ? [inlineCopy(target, 'sw-lightbox')] : []),
        );
        expand.hidden = true;
        return;
      }
      case 'ajax':
        expand.hidden = true;
        // The sanitizer is its own chunk, fetched beside the content: pages without ajax
        // items never load it.
        const sanitizer = loadChunk(runtime, 'lightbox sanitizer', () => import('./sanitize'), {
          exported: 'sanitizeFragment',
        });
        void win
          .fetch(content.src, { credentials: 'same-origin', signal })
          .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
          .then(async (html) =>
            mine === token
              ? (await sanitizer).sanitizeFragment(win, html, trusted(win), () =>
                  loadChunk(runtime, 'DOMPurify', () => import('./purify'), { exported: 'purify' }),
                )
              : undefined,
          )
          .then((fragment) => {
            if (!fragment || mine !== token) return;
            const div = el('div');
            div.append(fragment);
            stage.replaceChildren(div);
          })
          .catch((err: unknown) => {
            if (mine === token)
              console.error(`[site-runtime] lightbox: ${content.src} could not be loaded.`, err);
          });
    }
  }

  /** Adjacent images start loading now, so Previous and Next show at once. */
  function preload() {
    for (const i of [index - 1, index + 1]) {
      const item = items[(i + items.length) % items.length];
      if (item?.content.kind === 'image') new win.Image().src = item.content.src;
    }
  }

  function show(i: number) {
    const mine = ++token;
    index = (i + items.length) % items.length;
    const item = items[index]!;
    expand.hidden = true;
    counter.textContent = t('counter', { type: typeName(item.content), n: index + 1, total: items.length });
    title.textContent = item.title;
    title.hidden = !item.title;
    description.textContent = item.description;
    description.hidden = !item.description || item.description === item.title;
    if (item.title) box.setAttribute('aria-labelledby', title.id);
    else {
      box.removeAttribute('aria-labelledby');
      box.setAttribute('aria-label', counter.textContent);
    }
    const single = items.length < 2;
    prev.hidden = next.hidden = single;
    play.hidden = single || options.slideshow === false;
    for (const b of thumbs.children) {
      if (Number((b as HTMLElement).dataset.index) === index) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
    render(item, mine);
    if (historyPushed) {
      ownHash = deepLinkHash({ group: groupOf(item.link)!, index });
      win.history.replaceState(win.history.state, '', ownHash);
    }
    if (playing) schedule();
  }

  function buildThumbs() {
    thumbs.replaceChildren();
    const images = items.map((it, i) => [it, i] as const).filter(([it]) => it.content.thumbnail);
    thumbs.hidden = images.length < 2;
    for (const [it, i] of images) {
      const b = button('', 'sw-lb-thumb');
      b.dataset.index = String(i);
      b.setAttribute(
        'aria-label',
        it.title || t('counter', { type: t('image'), n: i + 1, total: items.length }),
      );
      const img = el('img');
      img.alt = '';
      img.src = it.link.querySelector('img')?.currentSrc || it.content.src;
      b.append(img);
      thumbs.append(b);
    }
    thumbs.style.maxWidth = `${Math.max(images.length, 1) * THUMB_SLOT}px`;
  }

  function stopSlideshow() {
    playing = false;
    win.clearTimeout(slideshow);
    play.textContent = t('startSlideshow');
  }
  function schedule() {
    win.clearTimeout(slideshow);
    if (options.slideshow === false) return;
    slideshow = win.setTimeout(() => playing && show(index + 1), options.slideshow);
  }
  const byHand = (i: number) => {
    stopSlideshow();
    show(i);
  };

  listen(close, 'click', () => dialog.close('button'));
  listen(prev, 'click', () => byHand(index - 1));
  listen(next, 'click', () => byHand(index + 1));
  listen(play, 'click', () => {
    if (playing) stopSlideshow();
    else {
      playing = true;
      play.textContent = t('stopSlideshow');
      schedule();
    }
  });
  listen(expand, 'click', () => {
    fitting = !fitting;
    const media = stage.firstElementChild as HTMLImageElement | HTMLIFrameElement | null;
    if (media instanceof win.HTMLImageElement) fit(media, media.naturalWidth, media.naturalHeight);
    else if (media) fit(media as HTMLElement, items[index]!.content.width, items[index]!.content.height);
    expand.focus();
  });
  listen(thumbs, 'click', (e) => {
    const b = (e.target as Element).closest<HTMLElement>('button[data-index]');
    if (b) byHand(Number(b.dataset.index));
  });
  listen(box, 'keydown', (e) => {
    const k = e as KeyboardEvent;
    if (k.defaultPrevented || inFormField(k.target)) return;
    if (k.key === 'ArrowLeft' || k.key === 'ArrowRight') {
      if (items.length < 2) return;
      k.preventDefault();
      byHand(index + (k.key === 'ArrowLeft' ? -1 : 1));
    }
  });
  listen(win, 'resize', () => {
    const media = stage.firstElementChild;
    if (dialog.isOpen && media instanceof win.HTMLImageElement)
      fit(media, media.naturalWidth, media.naturalHeight);
  });
  // Back from an opened deep link closes the lightbox rather than leaving the page.
  listen(win, 'popstate', () => {
    if (historyPushed && win.location.hash !== ownHash) {
      historyPushed = false;
      dialog.close('api');
    }
  });

  function groupCounts() {
    const counts = new Map<string, number>();
    for (const l of doc.querySelectorAll(itemSelector)) {
      const g = groupOf(l);
      if (g !== null) counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    return counts;
  }

  function open(link: HTMLAnchorElement, opener: Element | null = link, fromAddress = false) {
    items = itemsOf(link);
    const at = items.findIndex((it) => it.link === link);
    if (at < 0) return false;
    fitting = true;
    stopSlideshow();
    buildThumbs();
    const group = groupOf(link);
    if (options.deepLinking && group !== null && !dialog.isOpen && !fromAddress) {
      ownHash = deepLinkHash({ group, index: at });
      win.history.pushState(win.history.state, '', ownHash);
      historyPushed = true;
    }
    dialog.open(opener);
    show(at);
    if (options.autoplaySlideshow && !play.hidden) play.click();
    return true;
  }

  /** Spec §2: a `#!group/index` address opens that item after 50 ms, when deep linking is on. */
  function followDeepLink() {
    if (!options.deepLinking || runtime.env.local) return;
    const link = parseDeepLink(win.location.hash, groupCounts());
    if (!link) return;
    win.setTimeout(() => {
      const target = [...doc.querySelectorAll<HTMLAnchorElement>(itemSelector)].filter(
        (l) => groupOf(l) === link.group,
      )[link.index];
      // The address already names the item: no entry is added, so Back leaves as usual.
      if (target && !dialog.isOpen) open(target, null, true);
    }, DEEP_LINK_DELAY);
  }

  return { open, followDeepLink, isOpen: () => dialog.isOpen };
}
