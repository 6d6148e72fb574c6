import i18next from 'i18next';
import { z } from 'zod';

/**
 * Form validation with the shared zod schemas, imported only by forms (which load on demand) so
 * that zod stays out of the first view. Importing this module makes zod's messages follow the
 * interface language.
 */
export { zodResolver } from '@hookform/resolvers/zod';

/** zod messages in the current language, so shared schemas give translated form errors. */
z.config({
  customError: (issue) => {
    const t = i18next.t.bind(i18next);
    const min = 'minimum' in issue ? Number(issue.minimum) : undefined;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    const isString = 'origin' in issue && issue.origin === 'string';
    if (issue.code === 'too_small') {
      return isString && min === 1
        ? t('common.validation.required')
        : t(isString ? 'common.validation.tooShort' : 'common.validation.tooSmall', { count: min, min });
    }
    if (issue.code === 'too_big')
      return t(isString ? 'common.validation.tooLong' : 'common.validation.tooBig', { count: max, max });
    if (issue.code === 'invalid_format' && 'format' in issue && issue.format === 'email')
      return t('common.validation.email');
    if (issue.code === 'invalid_type' && issue.input === undefined) return t('common.validation.required');
    if (issue.code === 'invalid_type' && 'expected' in issue && issue.expected === 'int')
      return t('common.validation.integer');
    if (issue.code === 'invalid_type' && 'expected' in issue && issue.expected === 'number')
      return t('common.validation.number');
    return t('common.validation.invalid');
  },
});
