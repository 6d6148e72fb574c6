import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENTS_PER_FAMILY_MAX } from '@shared/constants';
import type { Student, StudentInput } from '@shared/schemas/student';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, Dialog } from '@client/components/ui/dialog';
import { EmptyState, Spinner } from '@client/components/ui/feedback';
import { PlusIcon } from '@client/components/ui/icons';
import { useCreateStudent, useDeleteStudent, useUpdateStudent } from '../api/students-api';
import { useStudentsStrings } from '../strings';
import { SeveralStudentsForm } from './several-students-form';
import { nativeLanguageKey, StudentForm, type LearningExtraSlot } from './student-form';
import styles from './students.module.css';

type View =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'several' }
  | { kind: 'give'; added: number }
  | { kind: 'edit'; student: Student };

/** What the page offers after "Add several": giving every student the same decks (the class feature's form). */
export type GiveDecksSlot = (props: { onDone: () => void; onCancel: () => void; cancelLabel: string }) => ReactNode;

/**
 * Student management panel (SPEC §2): list with edit and delete, add and edit forms, and "Add several".
 * It opens once the strings of its forms are in (some are downloaded on demand), so that a form
 * opened from it shows whole at once instead of a part arriving later and moving the rest.
 */
export function StudentsPanel({
  open,
  onOpenChange,
  giveDecks,
  learningExtra,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  giveDecks?: GiveDecksSlot;
  /** What an existing student's learning settings add (the schedule feature's tuning). */
  learningExtra?: LearningExtraSlot;
}) {
  useStudentsStrings();
  const { t } = useTranslation();
  const { students, isLoading, currentStudent, setCurrentStudentId } = useCurrentStudent();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [toDelete, setToDelete] = useState<Student | null>(null);
  const [status, setStatus] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const remove = useDeleteStudent();

  const show = (next: View) => {
    create.reset();
    update.reset();
    setView(next);
    if (next.kind === 'list') requestAnimationFrame(() => newButton.current?.focus());
  };

  const changeOpen = (next: boolean) => {
    if (!next) {
      setView({ kind: 'list' });
      setStatus('');
    }
    onOpenChange(next);
  };

  const submit = (input: StudentInput) => {
    if (view.kind === 'edit') {
      update.mutate(
        { id: view.student.id, input },
        {
          onSuccess: (s) => {
            setStatus(t('students.panel.updated', { name: s.name }));
            show({ kind: 'list' });
          },
        },
      );
      return;
    }
    const first = students.length === 0;
    create.mutate(input, {
      onSuccess: (s) => {
        // SPEC §4: the first student created becomes the current one.
        if (first) setCurrentStudentId(s.id);
        setStatus(t('students.panel.added', { name: s.name }));
        show({ kind: 'list' });
      },
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const deleted = toDelete;
    remove.mutate(deleted.id, {
      onSuccess: () => {
        // SPEC §4: deleting the current student moves to the first remaining one, or none.
        if (currentStudent?.id === deleted.id)
          setCurrentStudentId(students.find((s) => s.id !== deleted.id)?.id ?? null);
        setStatus(t('students.panel.deleted', { name: deleted.name }));
        setToDelete(null);
      },
    });
  };

  const severalAdded = (created: Student[]) => {
    if (students.length === 0 && created[0]) setCurrentStudentId(created[0].id);
    setStatus(t('students.several.added', { count: created.length }));
    if (giveDecks) setView({ kind: 'give', added: created.length });
    else show({ kind: 'list' });
  };

  const title =
    view.kind === 'add'
      ? t('students.form.addTitle')
      : view.kind === 'edit'
        ? t('students.form.editTitle')
        : view.kind === 'several'
          ? t('students.several.title')
          : view.kind === 'give'
            ? t('students.several.giveHeading')
            : t('students.panel.title');

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={title}
        description={view.kind === 'list' ? t('students.panel.description') : undefined}
      >
        <p className="visually-hidden" role="status">
          {status}
        </p>
        {view.kind === 'list' ? (
          isLoading ? (
            <Spinner />
          ) : students.length === 0 ? (
            <EmptyState
              title={t('students.panel.emptyTitle')}
              body={t('students.panel.emptyBody')}
              action={
                <div className={styles.panelActions}>
                  <Button ref={newButton} variant="primary" onClick={() => show({ kind: 'add' })}>
                    <PlusIcon />
                    {t('students.panel.addFirst')}
                  </Button>
                  <Button onClick={() => show({ kind: 'several' })}>{t('students.panel.addSeveral')}</Button>
                </div>
              }
            />
          ) : (
            <>
              <ul className={styles.list}>
                {students.map((s) => (
                  <li key={s.id} className={styles.item}>
                    <div className={styles.itemText}>
                      <span className={styles.itemName}>{s.name}</span>
                      <span className={styles.itemMeta}>
                        {s.native_language
                          ? t(`students.languages.${nativeLanguageKey(s.native_language)}`)
                          : t('students.panel.noLanguage')}
                        {s.age !== null && ` · ${t('students.panel.age', { count: s.age })}`}
                      </span>
                    </div>
                    <div className={styles.itemActions}>
                      <Button
                        aria-label={t('students.panel.editNamed', { name: s.name })}
                        onClick={() => show({ kind: 'edit', student: s })}
                      >
                        {t('common.actions.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        className={styles.danger}
                        aria-label={t('students.panel.deleteNamed', { name: s.name })}
                        onClick={() => setToDelete(s)}
                      >
                        {t('common.actions.delete')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              <div className={styles.panelActions}>
                <Button ref={newButton} variant="primary" onClick={() => show({ kind: 'add' })}>
                  <PlusIcon />
                  {t('students.panel.new')}
                </Button>
                <Button onClick={() => show({ kind: 'several' })}>{t('students.panel.addSeveral')}</Button>
              </div>
            </>
          )
        ) : view.kind === 'several' ? (
          <SeveralStudentsForm
            room={Math.max(0, STUDENTS_PER_FAMILY_MAX - students.length)}
            onCancel={() => show({ kind: 'list' })}
            onCreated={severalAdded}
          />
        ) : view.kind === 'give' ? (
          <>
            <p>{t('students.several.added', { count: view.added })}</p>
            {giveDecks?.({
              cancelLabel: t('students.several.notNow'),
              onCancel: () => show({ kind: 'list' }),
              onDone: () => {
                setStatus(t('students.several.given'));
                show({ kind: 'list' });
              },
            })}
          </>
        ) : (
          <StudentForm
            key={view.kind === 'edit' ? view.student.id : 'new'}
            student={view.kind === 'edit' ? view.student : undefined}
            pending={create.isPending || update.isPending}
            error={
              view.kind === 'edit'
                ? update.error && t('students.errors.update')
                : create.error && t('students.errors.create')
            }
            serverError={view.kind === 'edit' ? update.error : create.error}
            onSubmit={submit}
            onCancel={() => show({ kind: 'list' })}
            learningExtra={learningExtra}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => {
          if (!o) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title={t('students.delete.title')}
        message={t('students.delete.message', { name: toDelete?.name ?? '' })}
        confirmLabel={remove.isPending ? t('students.delete.deleting') : t('students.delete.confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error, t('students.errors.delete')) : null}
      />
    </>
  );
}
