import { onDemandStrings } from '@client/lib/on-demand-strings';

/** "Add several" strings (locales/<lang>/on-demand/students.json), loaded when that form first opens. */
export const { strings: studentsStrings, useStrings: useStudentsStrings } = onDemandStrings(
  'students',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/students.json', { import: 'default' }),
);
