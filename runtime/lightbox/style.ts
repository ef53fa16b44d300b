/** The lightbox's own look on top of the shared dialog's (`runtime/ui/dialog.ts`). */
const L = 'dialog[data-sw-dialog].sw-lightbox';
// With classic scrollbars (Firefox; Chrome on Windows) a dialog taller than the window takes
// its scrollbar out of the content's width, so a fitted image overflowed sideways: the gutter
// is reserved instead. Thumbnails are blocks: an inline image's descender space overflowed its
// button and put scrollbars on the strip. Content is centred by auto margins, not
// justify-content: wider than the stage (expanded), it would overflow to the left, out of reach.
// The backdrop's opacity is the page's --sw-lb-opacity, else the configured value: a ::backdrop
// that inherits nothing from its dialog (Chrome < 122, Firefox < 120, Safari < 17.4) gets the latter.
export const lightboxCss = (opacity: number) => `
${L}{max-width:calc(100vw - 1em);max-height:calc(100dvh - 1em);padding:.75em;transition-duration:200ms;scrollbar-gutter:stable}
${L}::backdrop{background:rgb(0 0 0/var(--sw-lb-opacity,${opacity}));transition-duration:200ms}
${L} .sw-lb-bar{display:flex;justify-content:space-between;align-items:center;gap:1em}
${L} .sw-lb-counter{margin:0}
${L} figure{margin:.5em 0}
${L} .sw-lb-content{display:flex;overflow:auto}
${L} .sw-lb-content>*{margin-inline:auto}
${L} .sw-lb-content img,${L} .sw-lb-content video,${L} .sw-lb-content iframe{display:block;border:0;max-width:none}
${L} .sw-lb-embed,${L} .sw-lb-wait{box-sizing:border-box;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:.75em;padding:1em;text-align:center}
${L} .sw-lb-embed{background:#1a1a1a;color:#fff}
${L} .sw-lb-embed p,${L} .sw-lb-wait p{margin:0;max-width:32em}
${L} .sw-lb-embed-title{font-weight:bold}
${L} .sw-lb-loading:not(:empty)::before{content:"";display:block;width:2em;height:2em;margin:0 auto .5em;border:3px solid;border-right-color:transparent;border-radius:50%;animation:sw-lb-spin 1s linear infinite}
@keyframes sw-lb-spin{to{transform:rotate(1turn)}}
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
@media (prefers-reduced-motion:reduce){${L},${L}::backdrop{transition:none}${L} .sw-lb-loading::before{animation:none}}
`;
