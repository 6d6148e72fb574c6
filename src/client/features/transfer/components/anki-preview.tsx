import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_TEXT_FIELDS, OPTIONAL_TEXT_FIELDS, REQUIRED_TEXT_FIELDS } from '@shared/card-fields';
import { CARD_TEXT_MAX } from '@shared/constants';
import type { AnkiFieldMapping, AnkiMapping, AnkiPreview } from '@shared/schemas/transfer';
import { Button } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import uiStyles from '@client/components/ui/ui.module.css';
import { CARD_FIELDS } from '../text-import';
import styles from './transfer.module.css';

type NoteType = AnkiPreview['note_types'][number];

interface Props {
  preview: AnkiPreview;
  studentName: string | null;
  pending: boolean;
  error: string | null;
  onSubmit: (mapping: AnkiMapping) => void;
  onRestart: () => void;
}

/** What a package holds, the field mapping per note type (the server's proposal to start), and what will be left out. */
export function AnkiPreviewStep({ preview, studentName, pending, error, onSubmit, onRestart }: Props) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const importable = preview.note_types.filter((type) => type.importable);
  const [mapping, setMapping] = useState<Record<string, AnkiFieldMapping>>(() =>
    Object.fromEntries(
      importable.map((type) => [
        type.id,
        {
          ...Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((f) => [f, null])),
          ...(preview.proposed_mapping[type.id] ?? Object.fromEntries(REQUIRED_TEXT_FIELDS.map((f, i) => [f, i]))),
        } as AnkiFieldMapping,
      ]),
    ),
  );
  const [included, setIncluded] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(importable.map((type) => [type.id, Object.hasOwn(preview.proposed_mapping, type.id)])),
  );

  const chosen = importable.filter((type) => included[type.id]);
  const invalid = chosen.some((type) => mapping[type.id]!.en === mapping[type.id]!.es);
  const notesOf = (types: NoteType[]) => types.reduce((sum, type) => sum + type.notes, 0);
  const toImport = notesOf(chosen);
  const leftOut = [
    ['leftOutCloze', notesOf(preview.note_types.filter((type) => type.kind === 'cloze'))],
    ['leftOutUnsupported', notesOf(preview.note_types.filter((type) => type.kind !== 'cloze' && !type.importable))],
    ['leftOutUnmapped', notesOf(importable.filter((type) => !included[type.id]))],
  ] as const;

  const submit = () => onSubmit(Object.fromEntries(chosen.map((type) => [type.id, mapping[type.id]!])));

  return (
    <div className={styles.form}>
      <section className={styles.section} aria-labelledby={`${ids}-summary`}>
        <h3 id={`${ids}-summary`}>{t('transfer.anki.summary')}</h3>
        <dl className={styles.facts}>
          {(
            [
              ['notes', preview.notes],
              ['decks', preview.decks.length],
              ['pictures', preview.media.pictures],
              ['sounds', preview.media.sounds],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`transfer.anki.${key}`)}</dt>
              <dd>{n(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-decks`}>
        <h3 id={`${ids}-decks`}>{t('transfer.anki.newDecks')}</h3>
        <p className={styles.warning}>
          {studentName ? t('transfer.anki.forStudent', { name: studentName }) : t('transfer.anki.forAll')}
        </p>
        <ul className={styles.list}>
          {preview.decks.map((deck) => (
            <li key={deck.id}>{t('transfer.anki.deckNotes', { name: deck.name, count: deck.notes })}</li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-types`}>
        <h3 id={`${ids}-types`}>{t('transfer.anki.noteTypes')}</h3>
        {preview.note_types.map((type) => (
          <NoteTypeBox
            key={type.id}
            type={type}
            mapping={type.importable && included[type.id] ? mapping[type.id]! : null}
            included={Boolean(included[type.id])}
            onInclude={(on) => setIncluded({ ...included, [type.id]: on })}
            onMap={(next) => setMapping({ ...mapping, [type.id]: next })}
          />
        ))}
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-left-out`}>
        <h3 id={`${ids}-left-out`}>{t('transfer.anki.leftOut')}</h3>
        {leftOut.some(([, count]) => count > 0) && (
          <ul className={styles.list}>
            {leftOut.map(([key, count]) => count > 0 && <li key={key}>{t(`transfer.anki.${key}`, { count })}</li>)}
          </ul>
        )}
        <p className={styles.hint}>{t('transfer.anki.leftOutRules', { max: CARD_TEXT_MAX })}</p>
      </section>

      {pending && <Spinner label={t('transfer.anki.importing')} />}
      {error && <Alert>{error}</Alert>}
      {toImport === 0 && <p className={styles.error}>{t('transfer.anki.nothingToImport')}</p>}
      <div className={styles.footer}>
        <Button onClick={onRestart} disabled={pending}>
          {t('transfer.anki.another')}
        </Button>
        <Button variant="primary" onClick={submit} disabled={pending || invalid || toImport === 0}>
          {t('transfer.anki.submit', { count: toImport })}
        </Button>
      </div>
    </div>
  );
}

interface BoxProps {
  type: NoteType;
  /** The mapping when the type is imported; null otherwise. */
  mapping: AnkiFieldMapping | null;
  included: boolean;
  onInclude: (on: boolean) => void;
  onMap: (mapping: AnkiFieldMapping) => void;
}

/** One note type: its fields and sample notes, whether it is imported, and which field becomes what. */
function NoteTypeBox({ type, mapping, included, onInclude, onMap }: BoxProps) {
  const { t } = useTranslation();
  const ids = useId();
  const roleOf = (index: number) => CARD_FIELDS.find((field) => mapping?.[field] === index);
  const withPicture = type.samples.some((s) => s.picture);
  return (
    <section className={styles.noteType} aria-labelledby={`${ids}-name`}>
      <h4 id={`${ids}-name`}>{type.name}</h4>
      <p className={styles.hint}>
        {t('transfer.anki.noteTypeMeta', { count: type.notes, fields: type.fields.join(', ') })}
      </p>
      {!type.importable ? (
        <p className={styles.warning}>
          {t(type.kind === 'cloze' ? 'transfer.anki.cloze' : 'transfer.anki.unsupported')}
        </p>
      ) : (
        <>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={included} onChange={(e) => onInclude(e.target.checked)} />
            {t('transfer.anki.include', { name: type.name })}
          </label>
          {mapping && (
            <div className={styles.mapping}>
              {CARD_FIELDS.map((field) => {
                const { required } = CARD_TEXT_FIELDS[field];
                const value = mapping[field];
                return (
                  <div key={field} className={styles.field}>
                    <label htmlFor={`${ids}-${field}`} className={styles.label}>
                      {t('transfer.anki.from', { field: t(`common.cardFields.${field}.label`) })}
                    </label>
                    <select
                      id={`${ids}-${field}`}
                      className={uiStyles.input}
                      value={value ?? ''}
                      onChange={(e) =>
                        onMap({ ...mapping, [field]: e.target.value === '' ? null : Number(e.target.value) })
                      }
                    >
                      {!required && <option value="">{t('transfer.anki.none')}</option>}
                      {type.fields.map((name, index) => (
                        <option key={index} value={index}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </div>
          )}
          {mapping && mapping.en === mapping.es && (
            <p className={styles.error} role="alert">
              {t('transfer.anki.sameField')}
            </p>
          )}
        </>
      )}
      {type.samples.length > 0 && (
        <div className={styles.tableWrap} role="region" aria-labelledby={`${ids}-samples`} tabIndex={0}>
          <table className={styles.table}>
            <caption id={`${ids}-samples`} className="visually-hidden">
              {t('transfer.anki.samples', { name: type.name })}
            </caption>
            <thead>
              <tr>
                {type.fields.map((name, index) => {
                  const role = roleOf(index);
                  return (
                    <th scope="col" key={index}>
                      {name}
                      {role && <span className={styles.columnName}>→ {t(`common.cardFields.${role}.label`)}</span>}
                    </th>
                  );
                })}
                {withPicture && <th scope="col">{t('transfer.anki.picture')}</th>}
              </tr>
            </thead>
            <tbody>
              {type.samples.map((sample, row) => (
                <tr key={row}>
                  {type.fields.map((_, index) => (
                    <td key={index} className={mapping && !roleOf(index) ? styles.ignored : undefined}>
                      {sample.fields[index] ?? ''}
                    </td>
                  ))}
                  {withPicture && <td>{sample.picture ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
