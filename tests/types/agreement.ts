// The hand-written public types (types/) and the runtime's own types describe the same
// things: this file stops compiling when one changes without the other (`npm run typecheck`).
// `window.SiteRuntime` itself is typed by the public file (runtime/boot.ts builds it to that type).
import type { Diagnostic as RuntimeDiagnostic } from '../../runtime/check/types';
import type { ChunkErrorDetail as RuntimeChunkError } from '../../runtime/chunks';
import type { Config } from '../../runtime/config';
import type { MarkerInfo as RuntimeMarker } from '../../runtime/controller';
import type { EnvInfo as RuntimeEnv } from '../../runtime/env';
import type { CloseReason as RuntimeCloseReason } from '../../runtime/ui/dialog';
import type * as Public from '../../types/index';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SameKeys<A, B> = Same<keyof A, keyof B>;
type Sections = 'site' | 'platform' | 'page' | 'analytics' | 'lightbox' | 'consent';
type SectionKeysAgree = { [S in Sections]: SameKeys<Config[S], NonNullable<Public.SwConfig[S]>> }[Sections];

export const agreement: [
  Same<RuntimeEnv, Public.EnvInfo>,
  Same<RuntimeMarker, Public.MarkerInfo>,
  Same<RuntimeDiagnostic, Public.Diagnostic>,
  Same<RuntimeCloseReason, Public.CloseReason>,
  SameKeys<RuntimeChunkError, Public.ChunkErrorDetail>,
  SameKeys<Config, Required<Public.SwConfig>>,
  SectionKeysAgree,
] = [true, true, true, true, true, true, true];
