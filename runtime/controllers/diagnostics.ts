import { loadChunk } from '../chunks';
import { loadStrategies, type Controller } from '../controller';
import { readCarouselOptions } from '../carousel/options';
import { readAnchorMenuOptions } from './anchor-menu';
import { readConfigObject } from '../config';
import { brokenImage, diagnosticsBoard } from '../diagnostics/board';
import { modalMessages } from '../modal/messages';
import { strayTileMessage, tileTargets } from '../tiles/targets';

/**
 * The marker diagnostics of the editors (cms and design): once the page is idle, the panel's
 * chunk lists every marker problem. On live and preview pages this does nothing at all, and
 * the chunk is never fetched.
 */
export const diagnostics: Controller = {
  connect(_root, { runtime, signal, idle }) {
    if (!runtime.env.local) return;
    idle(() => {
      const code = loadChunk(runtime, 'diagnostics', () => import('../diagnostics/feature'), {
        exported: 'startDiagnostics',
      });
      Promise.all([code, runtime.ui()]).then(
        ([m, host]) =>
          !signal.aborted &&
          m.startDiagnostics(runtime, host, signal, {
            board: diagnosticsBoard(runtime),
            brokenImage,
            readers: {
              readConfigObject,
              readCarouselOptions,
              readAnchorMenuOptions,
              tileTargets,
              strayTileMessage,
              modalMessages,
              loadStrategies,
            },
          }),
        () => {}, // announced by the loader; the page works without the panel
      );
    });
  },
};
