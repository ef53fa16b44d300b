/** Spec §4: resized content fits the window minus 200 px; issue 16: that much on wide screens only. */
export const FIT_MARGIN = 200;
/** The least margin (a phone): the dialog's own edge and padding. */
export const FIT_MIN_MARGIN = 48;

type Size = { width: number; height: number };

/**
 * The margin around content in a window this wide: it scales with the window (issue 16), from
 * FIT_MIN_MARGIN on a phone (a 375 px screen keeps 327 px for the image) to the spec's
 * FIT_MARGIN from 1280 px up.
 */
export const fitMargin = (size: number): number =>
  Math.min(FIT_MARGIN, Math.max(FIT_MIN_MARGIN, Math.round(size / 4 - 120)));

/**
 * The room content may fill in a `view` (the window): less its margins, or less what the
 * dialog itself takes (`chrome`: across, its edge, padding and scrollbar; down, also the bar,
 * caption, navigation and thumbnails) where that is more, so they show beside the image, never
 * over it. Down, they never take more than half the height: on a short window (a phone on its
 * side) the dialog scrolls to them instead.
 */
export function stageRoom(view: Size, chrome: { x: number; y: number }): Size {
  // The window's width says what it is (a phone, a desktop): one margin for both axes.
  const margin = fitMargin(view.width);
  return {
    width: view.width - Math.max(margin, chrome.x),
    height: view.height - Math.max(margin, Math.min(chrome.y, view.height / 2)),
  };
}

/**
 * The size to show `width`×`height` at in `room` (see stageRoom): shrunk into it when
 * `fitting`, never enlarged, else as it is; `large` says whether it had to shrink (which is
 * when the expand control shows). Never below 5 % (a broken huge size must stay visible).
 */
export function fitSize(
  width: number,
  height: number,
  room: Size,
  fitting: boolean,
): { width: number; height: number; large: boolean } {
  const scale = Math.min(1, room.width / width, room.height / height);
  const large = scale < 1;
  const s = large && fitting ? Math.max(scale, 0.05) : 1;
  return { width: Math.round(width * s), height: Math.round(height * s), large };
}
