import { zodResolver } from '@client/lib/form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { newIdempotencyKey } from '@client/lib/idempotency-key';
import { useTranslation } from 'react-i18next';
import { BUG_DESCRIPTION_MAX, BUG_TITLE_MAX } from '@shared/constants';
import { bugInputSchema, type BugInput } from '@shared/schemas/bug';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText, serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { useReportBug } from '../api/bugs-api';
import styles from './bugs.module.css';

interface ReportBugDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}

/** Report dialog: title (≤ BUG_TITLE_MAX) and description (≤ BUG_DESCRIPTION_MAX) with characters-remaining counters. */
export function ReportBugDialog({ open, onOpenChange, onReported }: ReportBugDialogProps) {
  const { t } = useTranslation();
  const report = useReportBug();
  // One key per report: kept across retries, new once the report is filed or the dialog is closed.
  const [reportKey, setReportKey] = useState(newIdempotencyKey);
  const form = useForm<BugInput>({
    resolver: zodResolver(bugInputSchema),
    defaultValues: { title: '', description: '' },
  });
  const title = form.watch('title') ?? '';
  const description = form.watch('description') ?? '';
  const blank = title.trim() === '' || description.trim() === '';
  const e = form.formState.errors;
  const server = serverFieldErrors(report.error);

  const changeOpen = (next: boolean) => {
    if (!next) {
      form.reset();
      report.reset();
      setReportKey(newIdempotencyKey());
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={t('bugs.report.title')}
      description={t('bugs.report.description')}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          report.mutate(
            { ...values, idempotency_key: reportKey },
            {
              onSuccess: () => {
                changeOpen(false);
                onReported();
              },
            },
          ),
        )}
      >
        {report.error && (
          <Alert>
            {/* SPEC §8: a report that cannot reach the server says 'Failed to submit bug report'. */}
            {report.error instanceof ApiRequestError && report.error.status === 0
              ? t('bugs.report.failed')
              : errorText(report.error, t('bugs.report.failed'))}
          </Alert>
        )}
        <TextField
          label={t('bugs.report.titleLabel')}
          autoComplete="off"
          maxLength={BUG_TITLE_MAX}
          length={title.length}
          error={e.title?.message ?? server.title}
          {...form.register('title')}
        />
        <TextAreaField
          label={t('bugs.report.descriptionLabel')}
          maxLength={BUG_DESCRIPTION_MAX}
          length={description.length}
          error={e.description?.message ?? server.description}
          {...form.register('description')}
        />
        <div className={styles.dialogActions}>
          <Button onClick={() => changeOpen(false)}>{t('common.actions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={blank || report.isPending}>
            {report.isPending ? t('bugs.report.submitting') : t('bugs.report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
