import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { MoreIcon } from './icons';
import styles from './ui.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
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
  /** Non-interactive text at the top (e.g. the signed-in email). */
  header?: ReactNode;
  align?: 'start' | 'end';
}

/** Dropdown menu with roving focus, typeahead and Escape, from Radix. */
export function Menu({ label, items, trigger, triggerVariant = 'ghost', header, align = 'end' }: MenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass({ variant: triggerVariant, icon: !trigger })} aria-label={label || t('common.actions.moreActions')}>
        {trigger ?? <MoreIcon />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menuContent} align={align} sideOffset={4} collisionPadding={8}>
          {header && <DropdownMenu.Label className={styles.menuLabel}>{header}</DropdownMenu.Label>}
          {items.map((item, i) =>
            item === 'separator' ? (
              <DropdownMenu.Separator key={`sep-${i}`} className={styles.menuSeparator} />
            ) : (
              <DropdownMenu.Item
                key={item.label}
                className={[styles.menuItem, item.destructive && styles.menuItemDanger].filter(Boolean).join(' ')}
                disabled={item.disabled}
                onSelect={item.onSelect}
              >
                {item.icon}
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
