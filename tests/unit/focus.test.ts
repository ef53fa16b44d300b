import { afterEach, describe, expect, it } from 'vitest';
import { focusAfter, focusBack } from '../../runtime/ui/focus';
import { html } from './helpers';

describe('focusBack (a dialog closes, a banner goes)', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('focuses the element when it can take focus', () => {
    html('<button id="a">a</button><button id="b">b</button>');
    focusBack(document.getElementById('a')!);
    expect(document.activeElement?.id).toBe('a');
  });

  it('in a collapsed disclosure (a submenu closed meanwhile): on its button, the outermost that can take focus', () => {
    html(
      '<ul><li><button id="svc" aria-expanded="false" aria-controls="sub">Services</button>' +
        '<ul id="sub" hidden><li><button id="inner" disabled aria-expanded="false" aria-controls="deep">More</button>' +
        '<ul id="deep" hidden><li><button id="gone" disabled>Open</button></li></ul></li></ul></li>' +
        '<li><a id="about" href="/about/">About</a></li></ul>',
    );
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement?.id).toBe('svc');
    // An expanded disclosure is not where focus goes back: the element itself could not take it.
    document.getElementById('svc')!.setAttribute('aria-expanded', 'true');
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement?.id).toBe('about');
  });

  it("a runtime submenu button without aria-controls (the builder's id has a space): its list is the one after it", () => {
    html(
      '<ul><li><a href="/s/">Services</a><button id="svc" class="sw-submenu" aria-expanded="false">Services submenu</button>' +
        '<ul id="services menu" hidden><li><button id="gone" disabled>Open</button></li></ul></li>' +
        '<li><a id="about" href="/about/">About</a></li></ul>',
    );
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement?.id).toBe('svc');
  });

  it('else the first control after it, skipping what cannot take focus', () => {
    html(
      '<div id="banner"><button id="gone" disabled>x</button></div><span>t</span><button id="off" disabled>o</button><a id="next" href="#m">next</a>',
    );
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement?.id).toBe('next');
  });

  it('from the top when nothing after it takes focus, as Tab goes on', () => {
    html('<a id="first" href="#m">first</a><p>text</p><div><button id="gone" disabled>x</button></div>');
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement?.id).toBe('first');
  });

  it('a page with nothing focusable: focus stays where it is (no endless walk)', () => {
    html('<p>text</p><button id="gone" disabled>x</button>');
    focusBack(document.getElementById('gone')!);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('focusBack: what is going away never takes focus back', () => {
  it('skips the element focus was left on and everything inside the element', () => {
    html(
      '<div id="banner"><button id="in">in</button></div><dialog><button id="left">left</button></dialog><a id="after" href="#m">after</a>',
    );
    document.getElementById('left')!.focus();
    focusAfter(document.getElementById('banner')!);
    expect(document.activeElement?.id).toBe('after');
  });
});
