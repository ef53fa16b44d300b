/**
 * A marker problem: what the runtime warns about on the console, as data, so the editors'
 * diagnostics panel, `SiteRuntime.diagnostics()` and the offline `site-runtime-check` can
 * show the same list.
 */
export type DiagnosticKind =
  | 'invalid-json'
  | 'invalid-option'
  | 'unknown-option'
  | 'missing-target'
  | 'duplicate-id'
  | 'empty-group'
  | 'image-failed'
  | 'invalid-config';

export interface Diagnostic {
  kind: DiagnosticKind;
  /** The marker attribute (`data-sw-modal`), or `sw-config` for the config block. */
  marker: string;
  /** The element at fault; `null` only when there is none (no element to point at). */
  element: Element | null;
  /** One sentence for a page author, without the console prefix. */
  message: string;
}

/**
 * The readers of markers whose code is in the runtime's entry. The checker is handed them
 * (by the entry's diagnostics controller, or by check/node.ts for the command) instead of
 * importing them: a module a lazily loaded chunk imports leaves the entry's file for a shared
 * one, and every page would pay for the editors' checker in requests and bytes.
 */
export interface EntryReaders {
  readConfigObject: typeof import('../config').readConfigObject;
  readCarouselOptions: typeof import('../carousel/options').readCarouselOptions;
  readAnchorMenuOptions: typeof import('../controllers/anchor-menu').readAnchorMenuOptions;
  tileTargets: typeof import('../tiles/targets').tileTargets;
  strayTileMessage: string;
  modalMessages: { readonly noId: string; readonly noElement: string };
  /** The load strategies a marker's `data-sw-load` may name (issue 14). */
  loadStrategies: readonly string[];
}
