import type { Student } from '@shared/schemas/student';
import type { SpeechLanguage } from '@client/lib/speech';

/**
 * Side shown first: `?startWithFront=true` starts with the front (English) side, `false` with
 * the back (Spanish) side; without it, English when the student's native language is English,
 * Spanish otherwise (SPEC §2, §4).
 */
export function firstSideFor(param: string | null, student: Pick<Student, 'native_language'> | null): SpeechLanguage {
  if (param === 'true') return 'en';
  if (param === 'false') return 'es';
  return student?.native_language === 'English' ? 'en' : 'es';
}
