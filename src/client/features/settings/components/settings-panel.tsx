import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { BackIcon, ForwardIcon } from '@client/components/ui/icons';
import { GeneralSettings } from './general-settings';
import { LanguageSettings } from './language-settings';
import { SpeechSettings } from './speech-settings';
import { ThemeSettings } from './theme-settings';
import styles from './settings.module.css';
import { useSettingsStrings } from '../strings';

const PAGES = ['language', 'theme', 'speech', 'general'] as const;
type Page = string;

/** A sub-page of another feature, passed in by the page that composes the panel (e.g. child mode). */
export interface ExtraSettingsPage {
  id: string;
  title: string;
  hint: string;
  /** The sub-page's content; `close` closes the whole panel. */
  render: (close: () => void) => ReactNode;
}

/** Settings panel (SPEC §2): a list of sub-pages (language, theme, speech, general, extras), each with a way back. */
export function SettingsPanel({
  open,
  onOpenChange,
  extraPages = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  extraPages?: ExtraSettingsPage[];
}) {
  useSettingsStrings();
  const { t } = useTranslation();
  const entries = [
    ...PAGES.map((id) => ({ id, title: t(`settings.pages.${id}.title`), hint: t(`settings.pages.${id}.hint`) })),
    ...extraPages,
  ];
  const [page, setPage] = useState<Page | null>(null);
  const lastPage = useRef<Page | null>(null);
  const pageButtons = useRef<Partial<Record<Page, HTMLButtonElement | null>>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const current = entries.find((p) => p.id === page);
  const extra = extraPages.find((p) => p.id === page);

  // Opening a sub-page moves focus to its heading, so a screen reader announces where it is.
  useEffect(() => {
    if (page) heading.current?.focus();
  }, [page]);

  const back = () => {
    setPage(null);
    requestAnimationFrame(() => lastPage.current && pageButtons.current[lastPage.current]?.focus());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPage(null);
        onOpenChange(next);
      }}
      title={t('settings.title')}
      description={page ? undefined : t('settings.description')}
    >
      {page === null ? (
        <nav aria-label={t('settings.title')}>
          <ul className={styles.pageList}>
            {entries.map(({ id: p, title, hint }) => (
              <li key={p}>
                <button
                  type="button"
                  ref={(el) => {
                    pageButtons.current[p] = el;
                  }}
                  className={styles.pageButton}
                  onClick={() => {
                    lastPage.current = p;
                    setPage(p);
                  }}
                >
                  <span className={styles.pageText}>
                    <span className={styles.pageName}>{title}</span>
                    <span className={styles.pageHint}>{hint}</span>
                  </span>
                  <ForwardIcon />
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <section aria-labelledby="settings-page-heading">
          <div className={styles.subHeader}>
            <Button variant="ghost" icon aria-label={t('settings.back')} onClick={back}>
              <BackIcon />
            </Button>
            <h3 id="settings-page-heading" className={styles.subTitle} tabIndex={-1} ref={heading}>
              {current?.title}
            </h3>
          </div>
          {page === 'language' && <LanguageSettings />}
          {page === 'theme' && <ThemeSettings />}
          {page === 'speech' && <SpeechSettings />}
          {page === 'general' && <GeneralSettings onClose={() => onOpenChange(false)} />}
          {extra?.render(() => onOpenChange(false))}
        </section>
      )}
    </Dialog>
  );
}
