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
