import { useTranslation } from 'react-i18next';
import type { Progress } from '@shared/schemas/progress';
import { formatPercent } from './format';
import styles from './progress.module.css';

/** 'Cards needing attention': answered correctly below ATTENTION_ACCURACY_BELOW %, worst first (the server's order). */
export function AttentionList({ cards }: { cards: Progress['problematic_cards'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="progress-attention" className={styles.section}>
      <h2 id="progress-attention">{t('progress.attention.title')}</h2>
      {cards.length === 0 ? (
        <p>{t('progress.attention.none')}</p>
      ) : (
        <ul className={styles.attention}>
          {cards.map((card) => (
            <li key={card.id} className={styles.attentionItem}>
              <p className={styles.pair}>
                <span lang="en">{card.en}</span>
                {' → '}
                <span lang="es">{card.es}</span>
              </p>
              <p className={styles.meta}>
                <span>{t('progress.attention.deck', { title: card.deck_title })}</span>
                <span>{t('progress.attention.accuracy', { value: formatPercent(card.accuracy_percentage, t) })}</span>
                <span>{t('progress.attention.attempts', { count: card.times_studied })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
