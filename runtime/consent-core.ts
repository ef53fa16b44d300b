/**
 * Not called: a bundling hint (see `dialog-core.ts`). The consent modules the consent parts,
 * analytics and the consent switches share ship as two files instead of four: the flags and
 * the hub, which the lightbox also needs (a video waits for consent), and the model and the
 * flow, which only consent pages need. The lightbox does not re-export this list: it would
 * fetch the model and the flow (2 KB) for nothing.
 */
import { CHOICE_MADE } from './consent/flags';
import { consentFlow } from './consent/flow';
import { consentHub } from './consent/hub';
import { REVISION } from './consent/model';

export const consentCore = [CHOICE_MADE, consentFlow, consentHub, REVISION];
