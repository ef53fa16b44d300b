/**
 * Public types of site-runtime: `window.SiteRuntime`, the `sw:*` events and the `sw-config`
 * JSON. Hand-written so they read as documentation; tests/types/agreement.ts fails the build
 * when the runtime's own types stop matching them.
 */

export type EnvName = 'cms' | 'design' | 'preview' | 'live';

/** `SiteRuntime.env` (contract §2). */
export interface EnvInfo {
  env: EnvName;
  /** True in the platform's editors (cms and design), where nothing is saved or auto-opened. */
  local: boolean;
  /** `protocol//host` plus the project path, no trailing slash. */
  baseUrl: string;
  /** `""` for a site at the root, else `/segment[/segment…]`. */
  projectPath: string;
}

/** One marker element the runtime found (`SiteRuntime.inspect()`). */
export interface MarkerInfo {
  /** The controller: `menu`, `modal`, `lightbox`, `tiles`, `carousel`, `consent-banner`… */
  name: string;
  element: Element;
  /** Enhanced; its code on its way; its code could not be fetched or the element was refused. */
  state: 'enhanced' | 'waiting' | 'failed';
}

export type DiagnosticKind =
  | 'invalid-json'
  | 'invalid-option'
  | 'unknown-option'
  | 'missing-target'
  | 'duplicate-id'
  | 'empty-group'
  | 'image-failed'
  | 'invalid-config';

/** A marker problem (`SiteRuntime.diagnostics()`, `site-runtime-check`). */
export interface Diagnostic {
  kind: DiagnosticKind;
  /** The marker attribute (`data-sw-modal`), or `sw-config`. */
  marker: string;
  /** The element at fault; `null` when there is none. */
  element: Element | null;
  message: string;
}

export type ModalAction = 'open' | 'close' | 'toggle';

/** `window.SiteRuntime`. */
export interface SiteRuntimeApi {
  /** The package's version. */
  readonly version: string;
  readonly env: Readonly<EnvInfo>;
  /** Connects markers added under `root` (added markers are also picked up automatically). */
  rescan(root?: ParentNode): void;
  /** Takes back everything the runtime added. */
  destroy(): void;
  /** Every marker element found and its state, for tools. */
  inspect(): MarkerInfo[];
  /**
   * Resolves once the runtime has nothing under way: no chunk, request or consent script on
   * its way, no timer or animation frame of its own pending (a modal's delay, the consent
   * banner's, a menu's hover delay, an equal-heights pass), checked again a frame and a task
   * later. What it does not wait for: the visitor, timers that re-arm themselves for ever
   * (a carousel's or a slideshow's rotation), and an exit-intent modal's `exitDelay` (arming
   * changes nothing until the visitor leaves). For tests and tools: wait for this, not for time.
   */
  idle(): Promise<void>;
  /** Marker problems found in the editors (cms, design); always `[]` elsewhere. */
  diagnostics(): Diagnostic[];
  /** Opens, closes or toggles a modal by id; an unknown action logs the specification's warning. */
  modal(id: string, action?: ModalAction): void;
}

/** Consent flags as the server's message holds them: `privacy_cookie: "1"` once a choice is made, one `"0"`/`"1"` per group variable. */
export type ConsentFlags = Readonly<Record<string, string>>;

export type CloseReason = 'button' | 'overlay' | 'escape' | 'auto' | 'api' | 'replaced';

export interface ReadyDetail {
  env: EnvInfo;
}
export interface ModalEventDetail {
  id: string;
  /** Why it closed (`sw:modal:close` only). */
  reason?: CloseReason | string;
}
/** `sw:error` (cancellable: call `preventDefault()` to show your own notice). */
export interface ChunkErrorDetail {
  /** The feature whose code failed: a controller's name, "tile popup", "UI host"… */
  controller: string;
  error: Error;
  /** The builder's elements that stay as they were written. */
  elements: Element[];
}

/** Every event the runtime dispatches, by type. */
export interface SiteRuntimeEventMap {
  'sw:ready': CustomEvent<ReadyDetail>;
  'sw:error': CustomEvent<ChunkErrorDetail>;
  'sw:modal:open': CustomEvent<ModalEventDetail>;
  'sw:modal:close': CustomEvent<ModalEventDetail>;
  'sw:consent': CustomEvent<ConsentFlags>;
}

export type { LoadStrategy, SwConfig } from './config.js';

declare global {
  interface Window {
    SiteRuntime?: SiteRuntimeApi;
  }
  // sw:ready, sw:error and sw:consent are dispatched on document; the modal events bubble
  // from the modal element, so they reach document and window too.
  interface DocumentEventMap extends SiteRuntimeEventMap {}
  interface WindowEventMap extends SiteRuntimeEventMap {}
  interface HTMLElementEventMap extends Pick<SiteRuntimeEventMap, 'sw:modal:open' | 'sw:modal:close'> {}
}
