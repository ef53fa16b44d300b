/** Spec §4: resized content fits the window minus 200 px. */
export const FIT_MARGIN = 200;

/**
 * The size to show `width`×`height` at in a `view` (the window): fitted into it minus the
 * margin when `fitting`, else as it is; `large` says whether it had to shrink (which is when
 * the expand control shows). Never below 5 % (a broken huge size must stay visible).
 */
export function fitSize(
  width: number,
  height: number,
  view: { width: number; height: number },
  fitting: boolean,
): { width: number; height: number; large: boolean } {
  const scale = Math.min(1, (view.width - FIT_MARGIN) / width, (view.height - FIT_MARGIN) / height);
  const large = scale < 1;
  const s = large && fitting ? Math.max(scale, 0.05) : 1;
  return { width: Math.round(width * s), height: Math.round(height * s), large };
}
