import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_CARDS_MAX } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import uiStyles from '@client/components/ui/ui.module.css';
import { errorText, fieldErrorText } from '@client/lib/errors';
import { readStorage, writeStorage } from '@client/lib/storage';
import { BulkImportError, useAddCards, type BulkProgress, type RefreshDecks } from '../api/transfer-api';
import {
  assignRole,
  cellsAreHtml,
  columnNames,
  COLUMN_ROLES,
  initialRoles,
  looksLikeHeader,
  parseText,
  planImport,
  previewRows,
  type ColumnRole,
  type Issue,
} from '../text-import';
import { DETECT, SeparatorFields, separatorOf, type SeparatorState } from './separator-fields';
import styles from './transfer.module.css';

const PREVIEW_ROWS = 8;
/** Longest text shown in a preview cell: enough to recognise a card, short enough to keep the table readable. */
const CELL_SHOWN = 160;
const shorten = (text: string) => (text.length > CELL_SHOWN ? `${text.slice(0, CELL_SHOWN)}…` : text);
const PROBLEMS_SHOWN = 20;

interface Props {
  source: { text: string; fileName: string | null };
  deckId: number;
  refreshDecks: RefreshDecks;
  onBack: () => void;
  onDone: (count: number) => void;
}

/** The last import's mapping, when one was kept on this device. */
function rememberedRoles(): ColumnRole[] | null {
  try {
    const value: unknown = JSON.parse(readStorage('lastImportMapping') ?? 'null');
    return Array.isArray(value) && value.every((r) => COLUMN_ROLES.includes(r as ColumnRole))
      ? (value as ColumnRole[])
      : null;
  } catch {
    return null;
  }
}

/** The preview of a pasted or chosen list: separators, header switch, column mapping, rows that cannot be cards, and the import. */
export function ImportPreview({ source, deckId, refreshDecks, onBack, onDone }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  const [separators, setSeparators] = useState<SeparatorState>(DETECT);
  const [headerChoice, setHeaderChoice] = useState<boolean | null>(null);
  const [htmlChoice, setHtmlChoice] = useState<boolean | null>(null);
  const [rolesChoice, setRolesChoice] = useState<ColumnRole[] | null>(null);
  const [skip, setSkip] = useState(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const add = useAddCards(refreshDecks);
  // Cards added by an attempt that then failed: the retry goes on from there, with the same rows.
  const [added, setAdded] = useState(0);

  const columnsSep = separatorOf(separators.columns, separators.columnsCustom);
  const rowsSep = separatorOf(separators.rows, separators.rowsCustom);
  const parsed = useMemo(
    () => parseText(source.text, { columns: columnsSep, rows: rowsSep }),
    [source.text, columnsSep, rowsSep],
  );
  const header = headerChoice ?? looksLikeHeader(parsed);
  const remembered = useMemo(rememberedRoles, []);
  const roles = useMemo(
    () => (rolesChoice?.length === parsed.columnCount ? rolesChoice : initialRoles(parsed, header, remembered)),
    [rolesChoice, parsed, header, remembered],
  );
  const html = cellsAreHtml(parsed, htmlChoice);
  const plan = useMemo(() => planImport(parsed, header, roles, html), [parsed, header, roles, html]);
  const rows = useMemo(() => previewRows(parsed, header, PREVIEW_ROWS, html), [parsed, header, html]);
  const names = columnNames(parsed, header);

  const changeSeparators = (next: SeparatorState) => {
    setSeparators(next);
    setRolesChoice(null);
  };
  const issueText = (issue: Issue) =>
    issue.kind === 'blank'
      ? t('transfer.cards.issue.blank', { field: t(`common.cardFields.${issue.field}.inText`) })
      : t('transfer.cards.issue.too_long', { field: t(`common.cardFields.${issue.field}.inText`), max: issue.max });
  const roleLabel = (r: ColumnRole) =>
    r === 'ignore' ? t('transfer.cards.roles.ignore') : t(`common.cardFields.${r}.label`);
  const locked = added > 0 || add.isPending;
  const blocked = plan.unmapped.length > 0 || plan.cards.length === 0 || (plan.problems.length > 0 && !skip);

  const start = () => {
    add.mutate(
      { deckId, rows: plan.cards, skip: added, onProgress: setProgress },
      {
        onSuccess: (count) => {
          writeStorage('lastImportMapping', JSON.stringify(roles));
          onDone(count);
        },
        onError: (err) => {
          if (err instanceof BulkImportError) setAdded(err.done);
        },
      },
    );
  };

  return (
    <div className={styles.form}>
      {source.fileName && <p className={styles.hint}>{t('transfer.cards.fromFile', { name: source.fileName })}</p>}
      <fieldset disabled={locked} className={`${styles.form} ${styles.bare}`}>
        <SeparatorFields value={separators} onChange={changeSeparators} detected={parsed} />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={header}
            onChange={(e) => {
              setHeaderChoice(e.target.checked);
              setRolesChoice(null);
            }}
          />
          {t('transfer.cards.header')}
        </label>
        <div>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={html}
              aria-describedby={`${ids}-html-hint`}
              onChange={(e) => setHtmlChoice(e.target.checked)}
            />
            {t('transfer.cards.html')}
          </label>
          <p id={`${ids}-html-hint`} className={styles.hint}>
            {t('transfer.cards.htmlHint')}
          </p>
        </div>
        <div className={styles.tableWrap} role="region" aria-labelledby={`${ids}-table`} tabIndex={0}>
          <table className={styles.table}>
            <caption id={`${ids}-table`} className="visually-hidden">
              {t('transfer.cards.tableLabel')}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.rowNumber}>
                  {t('transfer.cards.row')}
                </th>
                {roles.map((role, i) => {
                  const name = names?.[i];
                  const label = name
                    ? t('transfer.cards.columnNamed', { n: i + 1, name })
                    : t('transfer.cards.column', { n: i + 1 });
                  return (
                    <th scope="col" key={i}>
                      <select
                        className={uiStyles.input}
                        aria-label={label}
                        value={role}
                        onChange={(e) => setRolesChoice(assignRole(roles, i, e.target.value as ColumnRole))}
                      >
                        {COLUMN_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleLabel(r)}
                          </option>
                        ))}
                      </select>
                      {name && <span className={styles.columnName}>{name}</span>}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.row}>
                  <th scope="row" className={styles.rowNumber}>
                    {row.row}
                  </th>
                  {roles.map((role, i) => (
                    <td key={i} className={role === 'ignore' ? styles.ignored : undefined}>
                      {shorten(row.cells[i] ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <div aria-live="polite" className={styles.form}>
        {plan.unmapped.map((field) => (
          <p key={field} className={styles.error}>
            {t('transfer.cards.unmapped', { field: t(`common.cardFields.${field}.inText`) })}
          </p>
        ))}
        {plan.unmapped.length === 0 && (
          <p className={styles.status}>
            {t('transfer.cards.ready', { count: plan.cards.length })}
            {plan.empty > 0 && <> {t('transfer.cards.emptyRows', { count: plan.empty })}</>}
          </p>
        )}
        {parsed.quoteProblems.length > 0 && (
          <p className={styles.warning}>{t('transfer.cards.quotes', { rows: parsed.quoteProblems.join(', ') })}</p>
        )}
      </div>

      {plan.problems.length > 0 && (
        <section className={styles.problems} aria-labelledby={`${ids}-problems`}>
          <h3 id={`${ids}-problems`}>{t('transfer.cards.problems', { count: plan.problems.length })}</h3>
          <ul>
            {plan.problems.slice(0, PROBLEMS_SHOWN).map((p) => (
              <li key={p.row}>
                {t('transfer.cards.problem', { row: p.row, issues: p.issues.map(issueText).join('; ') })}
              </li>
            ))}
          </ul>
          {plan.problems.length > PROBLEMS_SHOWN && (
            <p className={styles.hint}>{t('transfer.cards.more', { count: plan.problems.length - PROBLEMS_SHOWN })}</p>
          )}
          <label className={styles.checkbox}>
            <input type="checkbox" checked={skip} disabled={locked} onChange={(e) => setSkip(e.target.checked)} />
            {t('transfer.cards.skip')}
          </label>
          <p className={styles.hint}>{t('transfer.cards.fixHint')}</p>
        </section>
      )}

      {add.isPending && progress && (
        <div className={styles.progress}>
          {/* One request cannot report its progress: the bar moves between requests, and waits inside the only one. */}
          <label htmlFor={`${ids}-progress`}>
            {progress.total > BULK_CARDS_MAX
              ? t('transfer.cards.progress', { done: progress.done, total: progress.total })
              : t('transfer.cards.adding', { count: progress.total })}
          </label>
          <progress
            id={`${ids}-progress`}
            max={progress.total}
            value={progress.total > BULK_CARDS_MAX ? progress.done : undefined}
          />
        </div>
      )}
      {add.error && <ImportError error={add.error} total={plan.cards.length} />}

      <div className={styles.footer}>
        <Button onClick={onBack} disabled={locked}>
          {t('transfer.cards.back')}
        </Button>
        <Button variant="primary" onClick={start} disabled={blocked || add.isPending}>
          {added > 0 ? t('transfer.cards.retry') : t('transfer.cards.submit', { count: plan.cards.length })}
        </Button>
      </div>
    </div>
  );
}

function ImportError({ error, total }: { error: Error; total: number }) {
  const { t } = useTranslation();
  const failure = error instanceof BulkImportError ? error : null;
  return (
    <Alert>
      {errorText(failure?.error ?? error, t('transfer.cards.failed'))}
      {failure && failure.done > 0 && <> {t('transfer.cards.partial', { done: failure.done, total })}</>}
      {failure?.rows.map((r) => (
        <span key={`${r.row}-${r.field}`} style={{ display: 'block' }}>
          {t('transfer.cards.rowError', {
            row: r.row,
            field: t(`common.cardFields.${r.field}.label`, { defaultValue: r.field }),
            message: fieldErrorText(r.error),
          })}
        </span>
      ))}
    </Alert>
  );
}
