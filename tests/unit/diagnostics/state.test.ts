import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../runtime/check/types';
import { brokenImage, diagnosticsBoard, reportProblem } from '../../../runtime/diagnostics/board';
import {
  initialPanel,
  mergeProblems,
  panel,
  type PanelAction,
  type PanelState,
} from '../../../runtime/diagnostics/state';
import { boot } from '../../../runtime/boot';
import { runtime } from '../helpers';

const el = (id: string) => Object.assign(document.createElement('div'), { id });
const problem = (element: Element | null, message = 'm'): Diagnostic => ({
  kind: 'missing-target',
  marker: 'data-sw-modal-open',
  element,
  message,
});
const run = (actions: PanelAction[], from: PanelState = initialPanel) => actions.reduce(panel, from);

describe('diagnostics panel state', () => {
  it('starts closed with nothing marked; toggles; marks only an entry that exists', () => {
    const a = problem(el('a'));
    const s = run([{ type: 'list', items: [a] }]);
    expect(s).toMatchObject({ open: false, marked: null, items: [a] });
    expect(run([{ type: 'toggle' }], s).open).toBe(true);
    expect(run([{ type: 'mark', index: 0 }], s).marked).toBe(0);
    expect(run([{ type: 'mark', index: 3 }], s)).toBe(s);
    // Closing takes the outline away with it.
    expect(run([{ type: 'toggle' }, { type: 'mark', index: 0 }, { type: 'toggle' }], s)).toMatchObject({
      open: false,
      marked: null,
    });
  });

  it('a new list drops the mark (entries may have moved), closes when empty, and is ignored when the same', () => {
    const a = problem(el('a'));
    const s = run([{ type: 'list', items: [a] }, { type: 'toggle' }, { type: 'mark', index: 0 }]);
    expect(run([{ type: 'list', items: [{ ...a }] }], s)).toBe(s);
    expect(run([{ type: 'list', items: [a, problem(el('b'))] }], s)).toMatchObject({
      marked: null,
      open: true,
    });
    expect(run([{ type: 'list', items: [] }], s)).toMatchObject({ open: false, items: [] });
  });

  it("merges the page's problems with those met while running: each once, none of a removed element", () => {
    const here = el('here');
    document.body.append(here);
    const gone = el('gone');
    const page = [problem(here)];
    expect(
      mergeProblems(page, [problem(here), problem(here, 'other'), problem(gone), problem(null)]),
    ).toEqual([problem(here), problem(here, 'other'), problem(null)]);
  });
});

describe('diagnostics board', () => {
  it('collects problems met while running in the editors only, and says so to the panel', () => {
    for (const [href, kept] of [
      ['https://clinic.example/clinic/en/?page=cms', 1],
      ['https://clinic.example/clinic/en/', 0],
    ] as const) {
      const r = runtime([], href);
      let told = 0;
      diagnosticsBoard(r).changed = () => void told++;
      brokenImage(r, el('img'), '/missing.jpg', 'data-sw-lightbox');
      reportProblem(r, problem(null));
      expect(diagnosticsBoard(r).found).toHaveLength(kept * 2);
      expect(told).toBe(kept * 2);
      if (kept)
        expect(diagnosticsBoard(r).found[0]).toMatchObject({
          kind: 'image-failed',
          marker: 'data-sw-lightbox',
          message: 'the image /missing.jpg could not be loaded.',
        });
      r.destroy();
    }
  });

  it('SiteRuntime.diagnostics() gives a copy of the list, [] where nothing was found', () => {
    const r = boot(document, [])!;
    expect(window.SiteRuntime!.diagnostics()).toEqual([]);
    diagnosticsBoard(r).list = [problem(null)];
    const list = window.SiteRuntime!.diagnostics();
    expect(list).toEqual([problem(null)]);
    list.pop();
    expect(window.SiteRuntime!.diagnostics()).toHaveLength(1);
  });
});
