// What the audit asks the page. `probe` runs inside the page (Playwright serializes it), so
// it refers to nothing outside itself. Elements travel to Node as CSS selectors.

/**
 * @param {{ op: string, arg?: any }} request
 *   `markers`: what `SiteRuntime.inspect()` lists, with a selector and what each kind needs;
 *   `focus`: where focus is now, and how the focused control looks (for the indicator check);
 *   `dialog`: the topmost modal dialog's selector, or null; `shown`: whether `arg` is shown;
 *   `unfocused`: how `arg` looks with focus taken off it; `links`: the page's link addresses
 *   (lightbox items left out);
 *   `motion`: running animations and transitions in a region (reduced motion check);
 *   `outline`: outlines the elements of a list of selectors for a screenshot (arg: [] clears).
 */
export function probe({ op, arg }) {
  const esc = (s) => CSS.escape(s);
  // The runtime's submenu buttons (by their class: `aria-controls` is left out when the builder's
  // id is no single IDREF), and any other disclosure that names what it controls.
  const DISCLOSURES = 'button.sw-submenu[aria-expanded], button[aria-expanded][aria-controls]';
  const path = (el) => {
    if (!el || el.nodeType !== 1) return null;
    const parts = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e.id && document.querySelectorAll(`#${esc(e.id)}`).length === 1) {
        parts.unshift(`#${esc(e.id)}`);
        break;
      }
      const tag = e.localName;
      const same = e.parentElement ? [...e.parentElement.children].filter((c) => c.localName === tag) : [e];
      parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(e) + 1})` : tag);
    }
    return parts.join(' > ');
  };
  const visible = (el) =>
    !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const label = (el) =>
    (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
  // How a control and what may draw its ring look (itself and its ::before and ::after, its
  // ancestors up to three levels: :focus-within; its labels). Only what can be seen counts: an
  // outline, border or shadow of no width or a transparent colour is the same as none.
  const clear = (color) => /^transparent$|^rgba\(.*,\s*0\)$/.test(color);
  const line = (style, width, color) =>
    style === 'none' || style === 'hidden' || !(parseFloat(width) > 0) || clear(color)
      ? ''
      : `${style} ${width} ${color}`;
  const shadow = (value) =>
    value
      .split(/,(?![^(]*\))/)
      .filter(
        (one) =>
          !clear(one.match(/rgba?\([^)]*\)/)?.[0] ?? '') && /[1-9]/.test(one.replace(/rgba?\([^)]*\)/, '')),
      )
      .join(',');
  const drawn = (c) =>
    [
      line(c.outlineStyle, c.outlineWidth, c.outlineColor),
      shadow(c.boxShadow),
      ...['Top', 'Right', 'Bottom', 'Left'].map((s) =>
        line(c[`border${s}Style`], c[`border${s}Width`], c[`border${s}Color`]),
      ),
      c.backgroundColor,
      c.backgroundImage,
      c.backgroundSize,
      c.color,
      c.textDecorationLine,
    ].join('|');
  const moving = (x, pseudo) =>
    x
      .getAnimations({ subtree: !!pseudo })
      .some(
        (a) =>
          a.playState === 'running' && a.effect?.target === x && (a.effect.pseudoElement ?? '') === pseudo,
      );
  // Whether the control is where it can be seen: not off the page's edge (a skip link at
  // left:-9999px) nor clipped to a pixel. One moved into view when focused shows focus by that
  // (WCAG 2.4.7). Read against the page, not the viewport, so a scroll between reads is no change.
  const onPage = (e) => {
    const r = e.getBoundingClientRect();
    const c = getComputedStyle(e);
    const clipped = /rect\(0px,? 0px,? 0px,? 0px\)/.test(c.clip) || c.clipPath === 'inset(50%)';
    const seen = r.width > 1 && r.height > 1 && !clipped && r.right + scrollX > 0 && r.bottom + scrollY > 0;
    return seen && r.left + scrollX < document.documentElement.scrollWidth ? 'on the page' : 'off the page';
  };
  const looks = (e) => [
    onPage(e),
    ...[
      e,
      e.parentElement,
      e.parentElement?.parentElement,
      e.parentElement?.parentElement?.parentElement,
      ...(e.labels ?? []),
    ]
      .filter(Boolean)
      .map((x, n) =>
        ['', '::before', '::after']
          .map((pseudo) => {
            const c = getComputedStyle(x, pseudo || null);
            if (pseudo && c.content === 'none') return '';
            // What animates around the control (a pulsing ::after, a hero's fading background)
            // differs between any two reads: not an indicator. The control's own look counts.
            if ((n || pseudo) && moving(x, pseudo)) return 'moving';
            return drawn(c);
          })
          .join('||'),
      ),
  ];
  const topDialog = () =>
    [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).pop() ?? null;

  if (op === 'markers') {
    const rt = window.SiteRuntime;
    if (!rt || typeof rt.inspect !== 'function') return null;
    return rt.inspect().map((m) => {
      const el = m.element;
      const info = { name: m.name, state: m.state, selector: path(el), label: label(el) };
      if (m.name === 'menu') {
        const toggle = el.querySelector('[data-sw-menu-toggle]');
        info.toggle = visible(toggle) ? path(toggle) : null;
        info.submenus = [...el.querySelectorAll(DISCLOSURES)]
          .filter((b) => b !== toggle)
          .map((b) => ({ selector: path(b), label: label(b), parents: parentsOf(b) }));
      } else if (m.name === 'modal') {
        let close = ['button', 'overlay', 'escape'];
        try {
          const o = JSON.parse(el.getAttribute('data-sw-modal') || '{}');
          if (Array.isArray(o.close)) close = o.close;
        } catch {}
        // A modal without an id has no openers (the runtime warns about it); `a[href="#"]` is not one.
        const openers = el.id
          ? [...document.querySelectorAll(`[data-sw-modal-open="${esc(el.id)}"], a[href="#${esc(el.id)}"]`)]
          : [];
        const opener = openers.find(visible);
        Object.assign(info, {
          id: el.id,
          escape: close.includes('escape'),
          opener: opener ? path(opener) : null,
        });
        // The design editor shows modals in the page, for editing: no open state of their own.
        info.inline = !!el.closest('dialog[open]:not(:modal)');
        info.closer = path(el.querySelector('[data-sw-modal-close]'));
      } else if (m.name === 'lightbox') {
        const rel = /^prettyPhoto(?:\[([^\]]*)\])?/.exec(el.getAttribute('rel') || '');
        // As the runtime groups them (lightbox/items.ts): the value trimmed, empty = one item.
        const group = el.hasAttribute('data-sw-lightbox')
          ? el.getAttribute('data-sw-lightbox').trim()
          : (rel?.[1] ?? '');
        // The href as written, read as the runtime reads it: against the link's base, ajax
        // only from the page's origin.
        Object.assign(info, {
          group,
          href: el.getAttribute('href') || '',
          base: el.baseURI,
          origin: location.origin,
          visible: visible(el),
        });
      } else if (m.name === 'tiles') {
        info.tiles = [...el.querySelectorAll('[data-sw-tile]')].map(path);
      } else if (m.name === 'carousel') {
        info.rotation = path(el.querySelector('[data-sw-carousel-rotation]'));
      } else if (m.name === 'consent-modal') {
        // The banner's "preferences" control when the banner shows, else one elsewhere.
        const banner = document.querySelector('[data-sw-consent-banner]');
        const all = [...document.querySelectorAll('[data-sw-consent-action="preferences"]')].filter(
          (e) => visible(e) && !el.contains(e),
        );
        const opener = all.find((e) => banner?.contains(e)) ?? all[0];
        info.opener = opener ? path(opener) : null;
        info.decline = path(el.querySelector('[data-sw-consent-action="decline"]'));
      }
      return info;
    });
  }
  if (op === 'focus') {
    const el = document.activeElement;
    const dialog = topDialog();
    const body = !el || el === document.body || el === document.documentElement;
    return {
      selector: body ? null : path(el),
      body,
      // Focus on an element no longer shown (a closed dialog's button) is as good as lost.
      shown: !body && visible(el),
      inDialog: !!dialog && !body && (dialog === el || dialog.contains(el)),
      // Tab moves inside these without the page seeing it (a map, a video player).
      nested: !body && (el.matches('iframe, frame, embed, object') || !!el.shadowRoot),
      // Tab moves through its own parts (month, day, year) while it keeps focus.
      parts:
        !body &&
        el.matches('input:is([type=date],[type=time],[type=datetime-local],[type=month],[type=week])'),
      // A script-made modal (a newsletter popup): focus kept in it is its own business.
      box: body ? null : path(el.closest('[aria-modal=true],[role=dialog],[role=alertdialog]')),
      look: body ? [] : looks(el),
    };
  }
  if (op === 'look') {
    // How the control of `arg` looks now, unfocused, in the order `focus` gave.
    const el = document.querySelector(arg);
    return el ? looks(el) : null;
  }
  if (op === 'unfocused') {
    // How `arg` looks with focus off it (blurred inside the page), focus then given back.
    const el = document.querySelector(arg);
    const active = document.activeElement;
    if (!el) return null;
    if (active === el) el.blur();
    const now = looks(el);
    if (active === el) el.focus();
    return now;
  }
  if (op === 'dialog') return path(topDialog());
  if (op === 'dialog-controls') {
    // How many controls Tab could reach in the open modal dialog (one keeps Tab by design).
    const d = topDialog();
    const all = d ? [...d.querySelectorAll('a[href],button,input,select,textarea,iframe,[tabindex]')] : [];
    return all.filter((e) => visible(e) && e.tabIndex >= 0 && !e.disabled && !e.closest('[hidden],[inert]'))
      .length;
  }
  if (op === 'controls') {
    // How many controls Tab reaches in what the button `arg` shows.
    const region = shows(document.querySelector(arg));
    const all = region ? [...region.querySelectorAll('a[href],button,input,select,textarea,[tabindex]')] : [];
    return all.filter((e) => visible(e) && e.tabIndex >= 0 && !e.closest('[hidden],[inert]')).length;
  }
  if (op === 'shown') return visible(document.querySelector(arg));
  if (op === 'shows') return path(shows(document.querySelector(arg)));
  if (op === 'motion') {
    const region = arg ? document.querySelector(arg) : document.documentElement;
    if (!region) return [];
    return document
      .getAnimations()
      .filter((a) => {
        const t = a.effect?.target;
        const d = Number(a.effect?.getComputedTiming().duration) || 0;
        return a.playState === 'running' && d > 1 && t && (region === t || region.contains(t));
      })
      .map((a) => ({
        selector: path(a.effect.target),
        name: a.animationName || a.transitionProperty || 'animation',
      }));
  }
  if (op === 'outline') {
    for (const e of document.querySelectorAll('[data-sw-audit-outline]')) {
      e.style.outline = e.getAttribute('data-sw-audit-outline');
      e.removeAttribute('data-sw-audit-outline');
    }
    for (const s of arg) {
      let e = null;
      try {
        e = document.querySelector(s);
      } catch {}
      if (!e || e.hasAttribute('data-sw-audit-outline')) continue;
      e.setAttribute('data-sw-audit-outline', e.style.outline);
      e.style.outline = '4px solid #d10000';
    }
    return null;
  }
  if (op === 'links') {
    // An SVG link's href is an SVGAnimatedString (and may be xlink:href): resolved here too;
    // an image map's areas are links as well. One that is no URL (`http://[x/`) is skipped, not
    // the end of the page's audit. A lightbox item (as schema.ts names them) is content the
    // lightbox shows, audited there: no page.
    const links = document.querySelectorAll(
      ':is(a[href], a[*|href], area[href]):not([data-sw-lightbox], [rel^="prettyPhoto"])',
    );
    return [...links].flatMap((a) => {
      if (typeof a.href === 'string') return [a.href];
      try {
        return [new URL(a.href.baseVal, document.baseURI).href];
      } catch {
        return [];
      }
    });
  }
  throw new Error(`unknown probe ${op}`);

  // What a disclosure button shows: its `aria-controls`, else the list right after it (the
  // runtime leaves `aria-controls` out when the builder's id is no single IDREF).
  function shows(button) {
    const id = button?.getAttribute('aria-controls');
    if (id) return document.getElementById(id);
    return button?.matches('.sw-submenu') ? button.nextElementSibling : null;
  }

  // The buttons whose submenus hold `button`, outermost first: opened before it.
  function parentsOf(button) {
    const chain = [];
    for (let e = button.parentElement; e; e = e.parentElement) {
      const owner = [...document.querySelectorAll(DISCLOSURES)].find((b) => shows(b) === e);
      // The small-screen menu button is the viewport's business (states.mjs), not a parent.
      if (owner && owner !== button && !owner.hasAttribute('data-sw-menu-toggle')) chain.unshift(path(owner));
    }
    return chain;
  }
}
