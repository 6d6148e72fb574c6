import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The progress page's strings beyond the first view's (locales/<lang>/on-demand/progress.json): the play modes table. */
export const { strings: progressStrings, useStrings: useProgressStrings } = onDemandStrings(
  'progress',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/progress.json', { import: 'default' }),
);
