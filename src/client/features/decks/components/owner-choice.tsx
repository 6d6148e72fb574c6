import { useTranslation } from 'react-i18next';
import { RadioCards } from '@client/components/ui/radio-cards';
import { useCurrentStudent } from '@client/lib/current-student';
import { ALL } from './deck-owner';

// Apart from the tag: only the (lazily loaded) dialogs need the choice and its radio cards.
/** Whose deck it is: one of the students, or all children. Hidden for a family without students. */
export function OwnerChoice({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { students } = useCurrentStudent();
  if (students.length === 0) return null;
  return (
    <RadioCards
      legend={t('decks.owner.legend')}
      value={value === null ? ALL : String(value)}
      onChange={(v) => onChange(v === ALL ? null : Number(v))}
      options={[
        ...students.map((s) => ({
          value: String(s.id),
          label: s.name,
          description: t('decks.owner.studentHint', { name: s.name }),
        })),
        { value: ALL, label: t('decks.owner.all'), description: t('decks.owner.allHint') },
      ]}
    />
  );
}
