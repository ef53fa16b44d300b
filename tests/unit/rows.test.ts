import { describe, expect, it } from 'vitest';
import { settleLevel, type MinHeights } from '../../runtime/rows/layout';
import { boxesOf, groupByTop, settle } from '../../runtime/rows/settle';
import { html } from './helpers';

describe('equal-height grouping by tops', () => {
  it.each([
    [[0, 0, 0], [[0, 1, 2]]],
    [[0, 0.6, 1], [[0, 1, 2]]], // within 1 px of the line's first top
    [
      [0, 1.5],
      [[0], [1]],
    ],
    [
      [100, 0, 100, 0],
      [
        [1, 3],
        [0, 2],
      ],
    ], // order of the page, grouped by line
    [
      [0, 0, 200, 400],
      [[0, 1], [2], [3]],
    ], // lone boxes form their own line
    [[], []],
  ])('tops %j → %j', (tops, groups) => {
    expect(groupByTop(tops)).toEqual(groups);
  });

  it("a row's boxes exclude those of nested rows", () => {
    html(`<div data-sw-row id="outer">
      <div data-sw-box id="a"><div data-sw-row id="inner"><div data-sw-box id="x"></div><div data-sw-box id="y"></div></div></div>
      <div><div data-sw-box id="b"></div></div>
    </div>`);
    expect(boxesOf(document.getElementById('outer')!).map((b) => b.id)).toEqual(['a', 'b']);
    expect(boxesOf(document.getElementById('inner')!).map((b) => b.id)).toEqual(['x', 'y']);
  });
});

describe('settling a row from the layout the browser already has', () => {
  const box = (top: number, height: number, min = 0, width = 100) => ({ top, width, height, min });

  it('first pass (no min-heights): the tallest keeps none, the others get its height', () => {
    expect(settle([box(0, 80), box(0, 120), box(0, 100)])).toEqual({
      set: [120, null, 120],
      heights: [120, 120, 120],
    });
  });

  it('boxes tied for tallest get no min-height', () => {
    expect(settle([box(0, 120), box(0, 120.3), box(0, 90)])).toEqual({
      set: [null, null, 120.3],
      heights: [120, 120.3, 120.3],
    });
  });

  it('a box grown past its min-height shows its natural height', () => {
    // Narrower: every box grew; the one held at 120 now overflows it.
    expect(settle([box(0, 150), box(0, 140, 120), box(0, 120, 120)])).toEqual({
      set: [null, 150, 150],
      heights: [150, 150, 150],
    });
  });

  it('held-up boxes are lowered to the tallest height the line shows', () => {
    // Wider: the tallest shrank to 90; the held boxes are no taller than 120 when natural.
    expect(settle([box(0, 90), box(0, 120, 120), box(0, 120, 120)])).toEqual({
      set: [null, 90, 90],
      heights: [90, 90, 90],
    });
  });

  it('lines are settled independently', () => {
    expect(settle([box(0, 100), box(0, 100, 100), box(200, 60), box(200, 80, 80)])).toEqual({
      set: [null, 100, null, 60],
      heights: [100, 100, 60, 60],
    });
  });

  it('a box alone on its line gets no min-height, held up or not', () => {
    expect(settle([box(0, 100, 100), box(200, 50)])).toEqual({ set: [null, null], heights: [100, 50] });
  });

  it('a line whose boxes are all held up (the line moved) is released to be measured', () => {
    expect(settle([box(0, 100, 100), box(0, 100, 100)])).toEqual({ set: [null, null], heights: [100, 100] });
  });

  it('hidden boxes take no part and keep no min-height', () => {
    expect(settle([box(0, 0, 0, 0), box(0, 80), box(0, 60)])).toEqual({
      set: [null, null, 80],
      heights: [0, 80, 80],
    });
  });
});

describe('a box moved by its own transform', () => {
  const $ = (id: string) => document.getElementById(id)!;
  /** Mocks where a box is drawn (its rectangle) and its layout size (offset*: whole pixels). */
  const layout = (id: string, drawn: { top: number; height: number; width: number }, laid = drawn) => {
    $(id).getBoundingClientRect = () => drawn as DOMRect;
    Object.defineProperty($(id), 'offsetHeight', { value: laid.height });
    Object.defineProperty($(id), 'offsetWidth', { value: laid.width });
  };

  it('is measured where it is laid out: a card animating in (translateY) or scaled on hover stays in its line', () => {
    html(`<div data-sw-row id="row"><div data-sw-box id="a"></div>
      <div data-sw-box id="b" style="transform: translateY(40px) scale(1.1)"></div><div data-sw-box id="c"></div></div>`);
    // Laid out: all three at top 0, heights 80, 120 and 100; b is drawn 40 px lower, 10% larger.
    layout('a', { top: 0, height: 80, width: 100 });
    layout('b', { top: 40 - 6, height: 132, width: 110 }, { top: 0, height: 120, width: 100 });
    layout('c', { top: 0, height: 100, width: 100 });
    const rows = new Map([[$('row'), [$('a'), $('b'), $('c')]]]);
    const mins: MinHeights = new WeakMap();
    settleLevel([$('row')], rows, mins, new WeakMap());
    expect(['a', 'b', 'c'].map((id) => $(id).style.minHeight)).toEqual(['120px', '', '120px']);
  });

  it('is measured in layout pixels under an ancestor’s scale (a section zooming in), as min-height is written', () => {
    html(`<section style="transform: scale(0.6)"><div data-sw-row id="row"><div data-sw-box id="a"></div>
      <div data-sw-box id="b"></div></div></section>`);
    layout('a', { top: 0, height: 180, width: 120 }, { top: 0, height: 300, width: 200 });
    layout('b', { top: 0, height: 120, width: 120 }, { top: 0, height: 200, width: 200 });
    const rows = new Map([[$('row'), [$('a'), $('b')]]]);
    const expected = new WeakMap<Element, { w: number; h: number }>();
    settleLevel([$('row')], rows, new WeakMap(), expected);
    expect(['a', 'b'].map((id) => $(id).style.minHeight)).toEqual(['', '300px']);
    // What the ResizeObserver will report (layout sizes): no pass again for nothing.
    expect(expected.get($('b'))).toEqual({ w: 200, h: 300 });
  });
});

describe('a box lowered from the min-height it was held at', () => {
  const $ = (id: string) => document.getElementById(id)!;
  const layout = (id: string, height: number) => {
    $(id).getBoundingClientRect = () => ({ top: 0, height, width: 100 }) as DOMRect;
    Object.defineProperty($(id), 'offsetHeight', { value: height, configurable: true });
    Object.defineProperty($(id), 'offsetWidth', { value: 100, configurable: true });
  };

  it('is handed over to be measured again (it may keep its size, which no observer reports)', () => {
    html(`<div data-sw-row id="row"><div data-sw-box id="a"></div><div data-sw-box id="b"></div>
      <div data-sw-box id="c"></div></div>`);
    const rows = new Map([[$('row'), [$('a'), $('b'), $('c')]]]);
    const mins: MinHeights = new WeakMap();
    // First pass: a is the tallest; b and c are held up to it.
    layout('a', 100);
    layout('b', 50);
    layout('c', 60);
    const unsure: Element[] = [];
    settleLevel([$('row')], rows, mins, new WeakMap(), (b) => unsure.push(b));
    expect(unsure).toEqual([]); // raised: each will be exactly 100
    // Then a shrinks to 40; b and c show their min-height, whatever their content now is.
    layout('a', 40);
    layout('b', 100);
    layout('c', 100);
    settleLevel([$('row')], rows, mins, new WeakMap(), (b) => unsure.push(b));
    expect(['b', 'c'].map((id) => $(id).style.minHeight)).toEqual(['40px', '40px']);
    expect(unsure).toEqual([$('b'), $('c')]);
  });
});
