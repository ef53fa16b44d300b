import { describe, expect, it } from 'vitest';
import { inlineCopy } from '../../../runtime/lightbox/inline';
import { html } from '../helpers';

describe('inline copy', () => {
  it('radios in a form of the copy keep the name they submit; others get a group of their own', () => {
    html(`<div id="book" hidden>
      <form action="/book" method="post">
        <input type="radio" name="service" value="cardio" checked><input type="radio" name="service" value="skin">
      </form>
      <input type="Radio" name="loose" value="1"><input type="radio" name="linked" form="elsewhere">
      <form id="f"></form><input type="radio" name="slot" value="am" form="f" checked>
    </div>`);
    const copy = inlineCopy(document.getElementById('book')!, 'sw-lightbox');
    document.body.append(copy);
    const [service, , loose, linked, slot] = copy.querySelectorAll('input');
    expect(service!.name).toBe('service');
    // Owned by the copy's form through `form=`: that form's too.
    expect(slot!.getAttribute('form')).toBe('f-sw-lightbox');
    expect(slot!.name).toBe('slot');
    expect(Object.fromEntries(new FormData(copy.querySelector('form')!))).toEqual({ service: 'cardio' });
    // Without a form of the copy, one group with the page's radios: checking one would uncheck theirs.
    expect(loose!.name).toBe('loose-sw-lightbox');
    expect(linked!.name).toBe('linked-sw-lightbox');
  });

  it('a jump, a popover or a command within the copy names the copy’s element, not the hidden original', () => {
    html(`<div id="faq" hidden>
      <a href="#q2">Second question</a><a href="#elsewhere">Out of it</a>
      <button popovertarget="tip" commandfor="tip" command="show-popover">?</button>
      <div id="tip" popover>Bring your card</div><h3 id="q2">Second</h3>
    </div>`);
    const copy = inlineCopy(document.getElementById('faq')!, 'sw-lightbox');
    const [inside, outside] = copy.querySelectorAll('a');
    expect(inside!.getAttribute('href')).toBe('#q2-sw-lightbox');
    expect(copy.querySelector('#q2-sw-lightbox')).not.toBeNull();
    expect(outside!.getAttribute('href')).toBe('#elsewhere');
    const button = copy.querySelector('button')!;
    expect(button.getAttribute('popovertarget')).toBe('tip-sw-lightbox');
    expect(button.getAttribute('commandfor')).toBe('tip-sw-lightbox');
  });

  it('a link to a modal or a tile section in the block keeps its address: the page’s listeners answer it', () => {
    html(`<div id="faq" hidden>
      <a href="#terms">Terms</a><a href="#dr-chen">Dr Chen</a>
      <div id="terms" data-sw-modal><h2>Terms</h2></div>
      <section id="dr-chen" data-sw-tile-content><h3>Dr Chen</h3></section>
    </div>`);
    const copy = inlineCopy(document.getElementById('faq')!, 'sw-lightbox');
    expect([...copy.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '#terms',
      '#dr-chen',
    ]);
  });
});
