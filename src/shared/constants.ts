/** Limits and fixed values of the product (SPEC §9). Both client and server read them from here. */

export const DECKS_PER_PAGE = 3;
export const BUGS_PER_PAGE = 3;

export const DECK_TITLE_MAX = 30;
export const DECK_SUBTITLE_MAX = 100;
export const DUPLICATE_TITLE_MAX = 100;
export const DUPLICATE_TITLE_PREFIX = 'Copy of ';

export const STUDENT_NAME_MAX = 50;
export const STUDENT_AGE_MIN = 1;
export const STUDENT_AGE_MAX = 100;
export const NATIVE_LANGUAGES = ['', 'English', 'Español'] as const;

export const CARD_TEXT_MAX = 500;
export const PRONUNCIATION_MAX = 500;

export const BUG_TITLE_MAX = 100;
export const BUG_DESCRIPTION_MAX = 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const USER_NAME_MAX = 100;

/** Largest picture accepted for a card, before re-encoding. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored picture. */
export const IMAGE_MAX_DIMENSION = 1024;

export const STUDY_DURATION_MAX_SECONDS = 24 * 60 * 60;

export const DECK_COLORS = [
  '#ff6b6b',
  '#4ecdc4',
  '#45b7d1',
  '#96ceb4',
  '#feca57',
  '#ff9ff3',
  '#54a0ff',
  '#5f27cd',
  '#ff3838',
  '#2ed573',
] as const;
export const DEFAULT_DECK_COLOR = DECK_COLORS[0];

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME_ID = 'default';

export interface ThemeColors {
  background: string;
  primary: string;
  secondary: string;
  accent: string;
  success: string;
  danger: string;
  text: string;
  border: string;
}

export interface Theme {
  id: string;
  name: string;
  colors: ThemeColors;
}

/** The six colour themes. Text/background pairs keep at least 4.5:1 contrast. */
export const THEMES: readonly Theme[] = [
  {
    id: 'default',
    name: 'Classic',
    colors: {
      background: '#f7f9fc',
      primary: '#2f5bd3',
      secondary: '#5c6b7a',
      accent: '#b0327a',
      success: '#1e7b45',
      danger: '#c0312b',
      text: '#1d2733',
      border: '#c9d3df',
    },
  },
  {
    id: 'ocean',
    name: 'Ocean Breeze',
    colors: {
      background: '#eef8fb',
      primary: '#0b6a8a',
      secondary: '#3f6e7d',
      accent: '#00838f',
      success: '#1b7a4a',
      danger: '#b3261e',
      text: '#0f2a33',
      border: '#b5d9e3',
    },
  },
  {
    id: 'sunset',
    name: 'Sunset Glow',
    colors: {
      background: '#fff6ef',
      primary: '#b4461b',
      secondary: '#7a5545',
      accent: '#a8326e',
      success: '#2f7a32',
      danger: '#b3261e',
      text: '#33190f',
      border: '#f0cdb6',
    },
  },
  {
    id: 'alvarado',
    name: 'Alvarado',
    colors: {
      background: '#f5f7f0',
      primary: '#2e6b30',
      secondary: '#6b5b2e',
      accent: '#8a4f0f',
      success: '#256b28',
      danger: '#b02a2a',
      text: '#1f2a1a',
      border: '#cfd8c0',
    },
  },
  {
    id: 'royal',
    name: 'Royal Purple',
    colors: {
      background: '#f7f4fc',
      primary: '#5b2d9e',
      secondary: '#62557a',
      accent: '#a0307a',
      success: '#267a45',
      danger: '#b3261e',
      text: '#231a33',
      border: '#d6cbe8',
    },
  },
  {
    id: 'monochrome',
    name: 'Monochrome',
    colors: {
      background: '#ffffff',
      primary: '#222222',
      secondary: '#555555',
      accent: '#444444',
      success: '#2a6e2a',
      danger: '#a32020',
      text: '#111111',
      border: '#bbbbbb',
    },
  },
];

/** Name shown on decks imported from the catalogue. */
export const HELPER_AUTHOR_NAME = 'Flashcards Team';
