import { describe, expect, it } from 'vitest';
import { boxesOf, groupByTop } from '../../runtime/controllers/rows';
import { html } from './helpers';

describe('equal-height grouping by tops', () => {
  it.each([
    [[0, 0, 0], [[0, 1, 2]]],
    [[0, 0.6, 1], [[0, 1, 2]]], // within 1 px of the line's first top
    [[0, 1.5], [[0], [1]]],
    [[100, 0, 100, 0], [[1, 3], [0, 2]]], // order of the page, grouped by line
    [[0, 0, 200, 400], [[0, 1], [2], [3]]], // lone boxes form their own line
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
