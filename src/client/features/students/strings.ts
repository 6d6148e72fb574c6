import { onDemandStrings } from '@client/lib/on-demand-strings';

/** The student form's strings beyond the first view's (locales/<lang>/on-demand/students.json): "How {name} studies". */
export const { strings: studentsStrings, useStrings: useStudentsStrings } = onDemandStrings(
  'students',
  import.meta.glob<Record<string, unknown>>('../../locales/*/on-demand/students.json', { import: 'default' }),
);
