import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRINT_COLUMNS, PRINT_MARGIN_MM, PRINT_PAPERS, PRINT_ROWS, type PrintPaper } from '@shared/constants';
import type { Card } from '@shared/schemas/card';
import { Button, buttonClass } from '@client/components/ui/button';
import { BackIcon } from '@client/components/ui/icons';
import { RadioCards } from '@client/components/ui/radio-cards';
import { imageUrl } from '@client/lib/image-url';
import { defaultPaper, sheetsOf } from '../print-sheets';
import { usePrintStrings } from '../strings';
import styles from './print.module.css';

type Side = 'en' | 'es';

// Each side its own picture when the card has two; one picture shows on both sides, as in study.
const pictureOf = (card: Card, side: Side) =>
  side === 'en' ? (card.front_image_key ?? card.back_image_key) : (card.back_image_key ?? card.front_image_key);

function Face({ card, side }: { card: Card | null; side: Side }) {
  if (!card) return <li className={styles.blank} aria-hidden="true" />;
  const picture = pictureOf(card, side);
  const pronunciation = side === 'en' ? card.en_pronunciation : card.es_pronunciation;
  return (
    <li className={styles.card} lang={side}>
      {picture && <img className={styles.picture} src={imageUrl(picture)} alt="" />}
      <span className={styles.word}>{side === 'en' ? card.en : card.es}</span>
      {pronunciation && <span className={styles.pronunciation}>{pronunciation}</span>}
    </li>
  );
}

/**
 * The print page of a deck: its cards 8 to a sheet, a page of fronts (English) then a page of
 * backs (Spanish) mirrored for a long-edge duplex flip, on A4 or Letter, with dashed cut lines.
 * Print CSS alone lays it out; the controls and the app around it are left off the paper.
 */
export function PrintCards({ title, cards, backTo }: { title: string; cards: readonly Card[]; backTo: string }) {
  usePrintStrings();
  const { t, i18n } = useTranslation();
  const [paper, setPaper] = useState<PrintPaper>(() => defaultPaper(navigator.language || i18n.language));
  const sheets = sheetsOf(cards);
  const size = PRINT_PAPERS[paper];

  // While this page is open, the app's header and frame stay off the paper (print.module.css).
  useEffect(() => {
    document.body.classList.add(styles.printing!);
    return () => document.body.classList.remove(styles.printing!);
  }, []);

  const sheetStyle = {
    '--sheet-width': `${size.widthMm}mm`,
    // A millimetre to spare, so rounding never pushes a sheet onto a second page.
    '--sheet-height': `${size.heightMm - 1}mm`,
    '--sheet-ratio': `${size.widthMm} / ${size.heightMm - 1}`,
    '--columns': PRINT_COLUMNS,
    '--rows': PRINT_ROWS,
  } as CSSProperties;

  return (
    <main id="main" className={styles.page}>
      <style>{`@page { size: ${paper === 'A4' ? 'A4' : 'letter'} portrait; margin: ${PRINT_MARGIN_MM}mm; }`}</style>
      <div className={styles.controls}>
        <Link to={backTo} className={buttonClass({ variant: 'ghost' })}>
          <BackIcon /> {t('print.back')}
        </Link>
        <h1>{t('print.title', { title })}</h1>
        {cards.length === 0 ? (
          <p>{t('print.empty')}</p>
        ) : (
          <>
            <p>{t('print.summary', { count: cards.length, sheets: sheets.length })}</p>
            <p>{t('print.help')}</p>
            <RadioCards
              legend={t('print.paper.legend')}
              options={(['A4', 'letter'] as const).map((p) => ({ value: p, label: t(`print.paper.${p}`) }))}
              value={paper}
              onChange={(v) => setPaper(v as PrintPaper)}
            />
            <Button variant="primary" onClick={() => window.print()}>
              {t('print.print')}
            </Button>
          </>
        )}
      </div>
      <div className={styles.sheets} style={sheetStyle}>
        {sheets.flatMap((sheet, i) =>
          (['fronts', 'backs'] as const).map((face) => (
            <ul
              key={`${i}-${face}`}
              className={styles.sheet}
              aria-label={t(face === 'fronts' ? 'print.sheet.front' : 'print.sheet.back', { number: i + 1 })}
            >
              {sheet[face].map((card, j) => (
                <Face key={j} card={card} side={face === 'fronts' ? 'en' : 'es'} />
              ))}
            </ul>
          )),
        )}
      </div>
    </main>
  );
}
