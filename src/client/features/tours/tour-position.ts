/** Where a tour tooltip goes next to its target (SPEC §9: 10 px from the viewport edges). */

export const TOOLTIP_MARGIN = 10;
/** Space between the target and the tooltip, room for the arrow. */
export const TOOLTIP_GAP = 14;
/** The arrow never gets closer than this to the tooltip's corners. */
const ARROW_INSET = 18;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}
export type Placement = 'top' | 'bottom' | 'center';

export interface TooltipPosition {
  top: number;
  left: number;
  placement: Placement;
  /** Arrow position from the tooltip's left edge, pointing at the target's centre; null when centred. */
  arrowLeft: number | null;
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(v, max));

/** Keeps a box of `size` inside the viewport with the margin (pinned to the margin when too big). */
function fit(value: number, size: number, viewport: number, margin: number) {
  return clamp(value, margin, Math.max(margin, viewport - size - margin));
}

/**
 * Below the target when it fits, else above, else on the side with more room (then clamped,
 * possibly overlapping a very tall target); centred in the viewport without a target.
 */
export function computeTooltipPosition(
  target: Box | null,
  tooltip: Size,
  viewport: Size,
  margin = TOOLTIP_MARGIN,
  gap = TOOLTIP_GAP,
): TooltipPosition {
  if (!target) {
    return {
      top: fit((viewport.height - tooltip.height) / 2, tooltip.height, viewport.height, margin),
      left: fit((viewport.width - tooltip.width) / 2, tooltip.width, viewport.width, margin),
      placement: 'center',
      arrowLeft: null,
    };
  }
  const targetBottom = target.top + target.height;
  const roomBelow = viewport.height - targetBottom - gap - margin;
  const roomAbove = target.top - gap - margin;
  let placement: Placement;
  if (tooltip.height <= roomBelow) placement = 'bottom';
  else if (tooltip.height <= roomAbove) placement = 'top';
  else placement = roomBelow >= roomAbove ? 'bottom' : 'top';

  const wantedTop = placement === 'bottom' ? targetBottom + gap : target.top - gap - tooltip.height;
  const top = fit(wantedTop, tooltip.height, viewport.height, margin);
  const centreX = target.left + target.width / 2;
  const left = fit(centreX - tooltip.width / 2, tooltip.width, viewport.width, margin);
  const arrowLeft = clamp(
    centreX - left,
    Math.min(ARROW_INSET, tooltip.width / 2),
    Math.max(tooltip.width - ARROW_INSET, tooltip.width / 2),
  );
  return { top, left, placement, arrowLeft };
}
