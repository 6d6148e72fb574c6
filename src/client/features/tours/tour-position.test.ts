import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTooltipPosition, TOOLTIP_GAP, TOOLTIP_MARGIN } from './tour-position';

const viewport = { width: 360, height: 640 };
const tip = { width: 340, height: 180 };

describe('tour tooltip position', () => {
  it('centres a step without a target', () => {
    expect(computeTooltipPosition(null, tip, viewport)).toEqual({
      top: 230,
      left: 10,
      placement: 'center',
      arrowLeft: null,
    });
  });

  it('goes below a target near the top, arrow pointing at its centre', () => {
    const p = computeTooltipPosition({ top: 8, left: 300, width: 44, height: 44 }, tip, viewport);
    expect(p.placement).toBe('bottom');
    expect(p.top).toBe(8 + 44 + TOOLTIP_GAP);
    expect(p.left).toBe(10);
    expect(p.arrowLeft).toBe(322 - 10);
  });

  it('goes above a target near the bottom', () => {
    const p = computeTooltipPosition({ top: 560, left: 20, width: 100, height: 48 }, tip, viewport);
    expect(p.placement).toBe('top');
    expect(p.top).toBe(560 - TOOLTIP_GAP - 180);
  });

  it('always keeps a 10 px margin from the viewport edges when it fits', () => {
    fc.assert(
      fc.property(
        fc.record({
          top: fc.integer({ min: -200, max: 900 }),
          left: fc.integer({ min: -200, max: 600 }),
          width: fc.integer({ min: 1, max: 400 }),
          height: fc.integer({ min: 1, max: 300 }),
        }),
        fc.integer({ min: 320, max: 1600 }),
        fc.integer({ min: 480, max: 1200 }),
        (target, vw, vh) => {
          const size = { width: Math.min(340, vw - 20), height: 200 };
          const p = computeTooltipPosition(target, size, { width: vw, height: vh });
          expect(p.left).toBeGreaterThanOrEqual(TOOLTIP_MARGIN);
          expect(p.left + size.width).toBeLessThanOrEqual(vw - TOOLTIP_MARGIN);
          expect(p.top).toBeGreaterThanOrEqual(TOOLTIP_MARGIN);
          expect(p.top + size.height).toBeLessThanOrEqual(vh - TOOLTIP_MARGIN);
          expect(p.arrowLeft).not.toBeNull();
          expect(p.arrowLeft!).toBeGreaterThanOrEqual(0);
          expect(p.arrowLeft!).toBeLessThanOrEqual(size.width);
        },
      ),
    );
  });
});
