import type { AnswerMode } from '@shared/constants';
import type { Student } from '@shared/schemas/student';

export type Side = 'en' | 'es';
export const otherSide = (side: Side): Side => (side === 'en' ? 'es' : 'en');

/** The side in the student's own language (as study shows first): English for English speakers, else Spanish. */
export const nativeSide = (student: Pick<Student, 'native_language'>): Side =>
  student.native_language === 'English' ? 'en' : 'es';

/** The side being learnt: the one heard in listen and pick and shown in choice. */
export const learningSide = (student: Pick<Student, 'native_language'>): Side => otherSide(nativeSide(student));

/** The modes a child can play (flip cards are study), in the order they are offered. */
export const PLAY_MODES = ['listen', 'choice', 'match', 'spell'] as const satisfies readonly AnswerMode[];
export type PlayMode = (typeof PLAY_MODES)[number];
export const isPlayMode = (v: string | null): v is PlayMode => PLAY_MODES.includes(v as PlayMode);

/** The mode a student starts in: listen and pick before they read, else choice. */
export const defaultMode = (student: Pick<Student, 'reads'>): PlayMode => (student.reads ? 'choice' : 'listen');
