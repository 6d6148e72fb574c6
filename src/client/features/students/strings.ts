import { onDemandStrings } from '@client/lib/on-demand-strings';

/** Student strings beyond the first view's (locales/<lang>/on-demand/students.json): "Add several" and "How {name} studies". */
export const { strings: studentsStrings, useStrings: useStudentsStrings } = onDemandStrings(
  'students',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/students.json', { import: 'default' }),
);
