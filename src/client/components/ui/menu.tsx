import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { MoreIcon } from './icons';
import styles from './ui.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Why the item is disabled (e.g. offline): shown under its label and given as its accessible description. */
  disabledReason?: string;
  destructive?: boolean;
  icon?: ReactNode;
}

export interface MenuProps {
  /** Accessible name of the trigger (e.g. "Actions for Animals"). */
  label: string;
  items: (MenuItem | 'separator')[];
  /** Trigger content; a ⋮ icon by default. */
  trigger?: ReactNode;
  triggerVariant?: 'ghost' | 'secondary' | 'primary';
  /** Non-interactive text above the items (e.g. the signed-in email). */
  header?: ReactNode;
  align?: 'start' | 'end';
}

/**
 * Menu button (WAI-ARIA APG pattern): Enter, Space or arrows open it on the first or last item;
 * arrows, Home and End move; Escape closes and returns focus; a click outside or Tab closes.
 * Written here rather than taken from a UI library because it sits on the first view, whose
 * download budget a positioning engine and focus-lock library would overrun.
 */
export function Menu({ label, items, trigger, triggerVariant = 'ghost', header, align = 'end' }: MenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [placeAbove, setPlaceAbove] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  // Disabled items stay in the arrow-key order (WAI-ARIA APG), so that their reason is heard too.
  const enabledItems = () =>
    Array.from(popupRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  useLayoutEffect(() => {
    if (!open || !popupRef.current) return;
    const rect = popupRef.current.getBoundingClientRect();
    const triggerRect = triggerRef.current?.getBoundingClientRect();
    // Open upwards when there is no room below but there is above.
    setPlaceAbove(rect.bottom > window.innerHeight && (triggerRect?.top ?? 0) > rect.height);
    const list = enabledItems();
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = enabledItems();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  const popupClass = [
    styles.menuContent,
    styles.menuPopup,
    align === 'end' ? styles.menuEnd : styles.menuStart,
    placeAbove && styles.menuAbove,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={wrapRef} className={styles.menuWrap}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClass({ variant: triggerVariant, icon: !trigger })}
        aria-label={label || t('common.actions.moreActions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger ?? <MoreIcon />}
      </button>
      {open && (
        <div ref={popupRef} className={popupClass}>
          {header && <p className={styles.menuLabel}>{header}</p>}
          <div id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
            {items.map((item, i) =>
              item === 'separator' ? (
                <div key={`sep-${i}`} role="separator" className={styles.menuSeparator} />
              ) : (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={item.disabled || undefined}
                  aria-labelledby={`${menuId}-${i}`}
                  aria-describedby={item.disabled && item.disabledReason ? `${menuId}-${i}-reason` : undefined}
                  title={item.disabled ? item.disabledReason : undefined}
                  className={[styles.menuItem, item.destructive && styles.menuItemDanger].filter(Boolean).join(' ')}
                  onClick={() => select(item)}
                  onPointerEnter={(e) => e.currentTarget.focus()}
                >
                  {item.icon}
                  <span id={`${menuId}-${i}`}>{item.label}</span>
                  {item.disabled && item.disabledReason && (
                    <span id={`${menuId}-${i}-reason`} className={styles.menuItemReason}>
                      {item.disabledReason}
                    </span>
                  )}
                </button>
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
