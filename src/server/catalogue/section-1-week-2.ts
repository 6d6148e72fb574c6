import { HELPER_AUTHOR_NAME } from '@shared/constants';
import type { CatalogueDeck } from '@shared/schemas/catalogue';

/**
 * Articles (gender and number), two linking words and story vocabulary. Hints as in week 1:
 * `es_pronunciation` for English speakers, `en_pronunciation` in Spanish spelling for Spanish speakers.
 */
export const section1Week2: CatalogueDeck = {
  id: 'section-1-week-2',
  title: 'Section 1 Week 2',
  subtitle: 'Spanish articles, grammar, and fiction vocabulary',
  title_es: 'Sección 1 Semana 2',
  subtitle_es: 'Artículos, gramática y vocabulario de cuentos en español',
  description: 'Spanish articles, grammar, and fiction vocabulary',
  color: '#4ecdc4',
  author: HELPER_AUTHOR_NAME,
  cards: [
    { en: 'the (masculine, singular)', en_pronunciation: 'da', es: 'el', es_pronunciation: 'ehl' },
    { en: 'the (feminine, singular)', en_pronunciation: 'da', es: 'la', es_pronunciation: 'lah' },
    { en: 'the (masculine, plural)', en_pronunciation: 'da', es: 'los', es_pronunciation: 'lohs' },
    { en: 'the (feminine, plural)', en_pronunciation: 'da', es: 'las', es_pronunciation: 'lahs' },
    { en: 'a, an (masculine)', en_pronunciation: 'ei, an', es: 'un', es_pronunciation: 'oon' },
    { en: 'a, an (feminine)', en_pronunciation: 'ei, an', es: 'una', es_pronunciation: 'OO-nah' },
    { en: 'and', en_pronunciation: 'and', es: 'y', es_pronunciation: 'ee' },
    { en: 'but', en_pronunciation: 'bat', es: 'pero', es_pronunciation: 'PEH-roh' },
    { en: 'the book', en_pronunciation: 'da buk', es: 'el libro', es_pronunciation: 'ehl LEE-broh' },
    { en: 'the story', en_pronunciation: 'da stó-ri', es: 'la historia', es_pronunciation: 'lah ees-TOH-ryah' },
    {
      en: 'the character',
      en_pronunciation: 'da ká-rak-ter',
      es: 'el personaje',
      es_pronunciation: 'ehl pehr-soh-NAH-heh',
    },
    { en: 'the dragon', en_pronunciation: 'da drá-gon', es: 'el dragón', es_pronunciation: 'ehl drah-GOHN' },
    { en: 'the princess', en_pronunciation: 'da prín-ses', es: 'la princesa', es_pronunciation: 'lah preen-SEH-sah' },
    {
      en: 'Once upon a time',
      en_pronunciation: 'uáns a-pón a táim',
      es: 'Érase una vez',
      es_pronunciation: 'EH-rah-seh OO-nah VEHS',
    },
  ],
};
