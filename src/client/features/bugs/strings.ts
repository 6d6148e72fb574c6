import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The bug board's strings (locales/<lang>/on-demand/bugs.json): only /bugs shows them, so the first view does without. */
export const { strings: bugsStrings, useStrings: useBugsStrings } = onDemandStrings(
  'bugs',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/bugs.json', { import: 'default' }),
);
