import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { computeTooltipPosition, type Box, type TooltipPosition } from '../tour-position';
import styles from './tour.module.css';

export interface TourStep {
  /** Value of the target's data-tour attribute; none for a centred step. */
  target?: string;
  title: string;
  body: string;
  /** A picture of what the step is about (a screenshot taken by `npm run screenshots`). */
  image?: { src: string; alt: string; width: number; height: number };
}

interface TourProps {
  open: boolean;
  /** Accessible name of the tooltip (e.g. "Study tour"). */
  label: string;
  steps: TourStep[];
  /** Called for skip, finish and Escape alike; the caller records the tour as completed. */
  onClose: () => void;
}

/** SPEC §9: the target is looked up again every 100 ms until it exists. */
export const TARGET_RETRY_MS = 100;

/** A guided tour: a non-modal tooltip next to each step's target, which gets a highlight ring. */
export function Tour({ open, ...rest }: TourProps) {
  // Mounted only while open, so every opening starts at step 1.
  return open ? <TourTooltip {...rest} /> : null;
}

function visibleBox(el: Element | null): Box | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 || r.height > 0 ? { top: r.top, left: r.left, width: r.width, height: r.height } : null;
}

function TourTooltip({ label, steps, onClose }: Omit<TourProps, 'open'>) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [found, setFound] = useState<{ step: number; el: Element } | null>(null);
  const [position, setPosition] = useState<TooltipPosition | null>(null);
  const [ring, setRing] = useState<Box | null>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const [returnFocus] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const titleId = useId();
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const target = found?.step === index ? found.el : null;

  // Find the step's target, retrying until it is in the page (it may still be loading).
  useEffect(() => {
    if (!step.target) return;
    const selector = `[data-tour="${step.target}"]`;
    const find = () => {
      const el = document.querySelector(selector);
      if (!el || !visibleBox(el)) return false;
      el.scrollIntoView?.({ block: 'center', inline: 'nearest' });
      setFound({ step: index, el });
      return true;
    };
    if (find()) return;
    const timer = setInterval(() => find() && clearInterval(timer), TARGET_RETRY_MS);
    return () => clearInterval(timer);
  }, [index, step.target]);

  const measure = useCallback(() => {
    const tip = tipRef.current;
    if (!tip) return;
    const box = visibleBox(target);
    const viewport = { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
    setPosition(computeTooltipPosition(box, { width: tip.offsetWidth, height: tip.offsetHeight }, viewport));
    setRing(box);
  }, [target]);

  useLayoutEffect(() => measure(), [measure, index]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    if (tipRef.current) observer?.observe(tipRef.current);
    if (target) observer?.observe(target);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      observer?.disconnect();
    };
  }, [measure, target]);

  // Focus moves into the tooltip when it opens (after any menu that opened it has returned
  // focus to its trigger) and whenever the focused control disappears between steps.
  useEffect(() => {
    const timer = setTimeout(() => tipRef.current?.focus(), 30);
    return () => {
      clearTimeout(timer);
      // The tooltip is gone by now, so focus that was inside it has fallen back to the body.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);
  useEffect(() => {
    const tip = tipRef.current;
    if (tip && !tip.contains(document.activeElement)) tip.focus();
  }, [index]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Menus and dialogs above the tour handle (and prevent) their own Escape first.
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const arrowClass =
    position?.placement === 'bottom' ? styles.arrowUp : position?.placement === 'top' ? styles.arrowDown : '';

  return createPortal(
    <>
      {ring && (
        <div
          className={styles.ring}
          aria-hidden="true"
          data-tour-ring=""
          style={{ top: ring.top - 4, left: ring.left - 4, width: ring.width + 8, height: ring.height + 8 }}
        />
      )}
      <div
        ref={tipRef}
        role="dialog"
        aria-modal="false"
        aria-label={label}
        aria-describedby={titleId}
        tabIndex={-1}
        className={styles.tooltip}
        data-placement={position?.placement ?? 'center'}
        style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }}
      >
        {position?.arrowLeft != null && (
          <span className={`${styles.arrow} ${arrowClass}`} style={{ left: position.arrowLeft }} aria-hidden="true" />
        )}
        <div className={styles.topRow}>
          <p className={styles.counter}>{t('tours.controls.step', { current: index + 1, total: steps.length })}</p>
          {!last && (
            <Button variant="ghost" className={styles.skip} onClick={onClose}>
              {t('tours.controls.skip')}
            </Button>
          )}
        </div>
        <div id={titleId} aria-live="polite">
          <h2 className={styles.title}>{step.title}</h2>
          <p className={styles.body}>{step.body}</p>
        </div>
        {step.image && (
          <img
            className={styles.image}
            src={step.image.src}
            alt={step.image.alt}
            width={step.image.width}
            height={step.image.height}
          />
        )}
        <div className={styles.controls}>
          {index > 0 && <Button onClick={() => setIndex(index - 1)}>{t('tours.controls.previous')}</Button>}
          <Button variant="primary" onClick={last ? onClose : () => setIndex(index + 1)}>
            {last ? t('tours.controls.finish') : t('tours.controls.next')}
          </Button>
        </div>
      </div>
    </>,
    document.body,
  );
}
