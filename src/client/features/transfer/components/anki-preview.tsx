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
/** The fields whose sound becomes a side's audio (besides a sound in the side's own field). */
const AUDIO_FIELDS = ['en_audio', 'es_audio'] as const;

interface Props {
  preview: AnkiPreview;
  studentName: string | null;
  pending: boolean;
  error: string | null;
  onSubmit: (mapping: AnkiMapping, decks: string[]) => void;
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
          en_audio: null,
          es_audio: null,
          ...(preview.proposed_mapping[type.id] ?? Object.fromEntries(REQUIRED_TEXT_FIELDS.map((f, i) => [f, i]))),
        } as AnkiFieldMapping,
      ]),
    ),
  );
  const [included, setIncluded] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(importable.map((type) => [type.id, Object.hasOwn(preview.proposed_mapping, type.id)])),
  );

  const readableDecks = preview.decks.filter((deck) => deck.readable);
  const [decksOn, setDecksOn] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(readableDecks.map((deck) => [deck.id, true])),
  );
  const chosenDecks = readableDecks.filter((deck) => decksOn[deck.id]);
  const deckShare = readableDecks.length
    ? chosenDecks.reduce((sum, deck) => sum + deck.notes, 0) /
      Math.max(
        readableDecks.reduce((sum, deck) => sum + deck.notes, 0),
        1,
      )
    : 0;
  const chosen = importable.filter((type) => included[type.id]);
  const invalid = chosen.some((type) => mapping[type.id]!.en === mapping[type.id]!.es);
  const notesOf = (types: NoteType[]) => types.reduce((sum, type) => sum + type.notes, 0);
  // Notes of each type are spread over the decks: the count to import is an estimate when decks are left out.
  const toImport = Math.round(notesOf(chosen) * deckShare);
  const decksLeftOut = readableDecks.filter((deck) => !decksOn[deck.id]).reduce((sum, deck) => sum + deck.notes, 0);
  const leftOut = [
    ['leftOutCloze', notesOf(preview.note_types.filter((type) => type.kind === 'cloze'))],
    ['leftOutUnsupported', notesOf(preview.note_types.filter((type) => type.kind !== 'cloze' && !type.importable))],
    ['leftOutUnmapped', notesOf(importable.filter((type) => !included[type.id]))],
    ['leftOutDecks', decksLeftOut],
  ] as const;

  const submit = () =>
    onSubmit(
      Object.fromEntries(chosen.map((type) => [type.id, mapping[type.id]!])),
      chosenDecks.map((deck) => deck.id),
    );

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
          {preview.decks.map((deck) =>
            deck.readable ? (
              <li key={deck.id}>
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={Boolean(decksOn[deck.id])}
                    onChange={(e) => setDecksOn({ ...decksOn, [deck.id]: e.target.checked })}
                  />
                  {t('transfer.anki.deckInclude', { name: deck.name, count: deck.notes })}
                </label>
              </li>
            ) : (
              <li key={deck.id} className={styles.warning}>
                {t('transfer.anki.deckUnreadable', { name: deck.name })}
              </li>
            ),
          )}
        </ul>
      </section>
      {preview.media.sounds_skipped.length > 0 && (
        <section className={styles.section} aria-labelledby={`${ids}-sounds`}>
          <h3 id={`${ids}-sounds`}>{t('transfer.anki.soundsSkipped')}</h3>
          <ul className={styles.list}>
            {preview.media.sounds_skipped.map((sound) => (
              <li key={sound.name}>{t(`transfer.anki.soundSkipped.${sound.reason}`, { name: sound.name })}</li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby={`${ids}-types`}>
        <h3 id={`${ids}-types`}>{t('transfer.anki.noteTypes')}</h3>
        {preview.note_types.map((type) => (
          <NoteTypeBox
            key={type.id}
            type={type}
            remembered={preview.remembered.includes(type.id)}
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
      {toImport === 0 && (
        <p className={styles.error}>
          {t(chosenDecks.length === 0 ? 'transfer.anki.nothingToImportDecks' : 'transfer.anki.nothingToImport')}
        </p>
      )}
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
  /** Whether the mapping shown first is the one the parent used last time. */
  remembered: boolean;
  /** The mapping when the type is imported; null otherwise. */
  mapping: AnkiFieldMapping | null;
  included: boolean;
  onInclude: (on: boolean) => void;
  onMap: (mapping: AnkiFieldMapping) => void;
}

/** One note type: its fields and sample notes, whether it is imported, and which field becomes what. */
function NoteTypeBox({ type, remembered, mapping, included, onInclude, onMap }: BoxProps) {
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
          {mapping && remembered && <p className={styles.hint}>{t('transfer.anki.remembered')}</p>}
          {mapping && (
            <div className={styles.mapping}>
              {[...CARD_FIELDS, ...AUDIO_FIELDS].map((field) => {
                const required =
                  field in CARD_TEXT_FIELDS && CARD_TEXT_FIELDS[field as keyof typeof CARD_TEXT_FIELDS].required;
                const value = mapping[field];
                return (
                  <div key={field} className={styles.field}>
                    <label htmlFor={`${ids}-${field}`} className={styles.label}>
                      {field === 'en_audio' || field === 'es_audio'
                        ? t(`transfer.anki.soundFrom.${field}`)
                        : t('transfer.anki.from', { field: t(`common.cardFields.${field}.label`) })}
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
