import { HELPER_AUTHOR_NAME } from '@shared/constants';
import type { CatalogueDeck } from '@shared/schemas/catalogue';

/**
 * Greetings, courtesy words and first nouns. `es_pronunciation` is written for English speakers
 * (capitals mark the stressed syllable); `en_pronunciation` uses Spanish spelling for Spanish speakers.
 */
export const section1Week1: CatalogueDeck = {
  id: 'section-1-week-1',
  title: 'Section 1 Week 1',
  subtitle: 'Spanish vocabulary fundamentals for beginners',
  title_es: 'Sección 1 Semana 1',
  subtitle_es: 'Vocabulario básico de español para principiantes',
  description: 'Spanish vocabulary fundamentals for beginners',
  color: '#ff6b6b',
  author: HELPER_AUTHOR_NAME,
  cards: [
    { en: 'Hello', en_pronunciation: 'jé-lou', es: 'Hola', es_pronunciation: 'OH-lah' },
    { en: 'Goodbye', en_pronunciation: 'gud-bái', es: 'Adiós', es_pronunciation: 'ah-DYOHS' },
    { en: 'Good morning', en_pronunciation: 'gud mór-ning', es: 'Buenos días', es_pronunciation: 'BWEH-nohs DEE-ahs' },
    {
      en: 'Good afternoon',
      en_pronunciation: 'gud af-ter-nún',
      es: 'Buenas tardes',
      es_pronunciation: 'BWEH-nahs TAR-dehs',
    },
    { en: 'Good night', en_pronunciation: 'gud náit', es: 'Buenas noches', es_pronunciation: 'BWEH-nahs NOH-chehs' },
    { en: 'How are you?', en_pronunciation: 'jáu ar iú', es: '¿Cómo estás?', es_pronunciation: 'KOH-moh ehs-TAHS' },
    { en: 'My name is…', en_pronunciation: 'mái néim is', es: 'Me llamo…', es_pronunciation: 'meh YAH-moh' },
    { en: 'Please', en_pronunciation: 'plíis', es: 'Por favor', es_pronunciation: 'pohr fah-VOHR' },
    { en: 'Thank you', en_pronunciation: 'zénk iu', es: 'Gracias', es_pronunciation: 'GRAH-see-ahs' },
    { en: "You're welcome", en_pronunciation: 'iór uél-kam', es: 'De nada', es_pronunciation: 'deh NAH-dah' },
    { en: 'Yes', en_pronunciation: 'iés', es: 'Sí', es_pronunciation: 'SEE' },
    { en: 'No', en_pronunciation: 'nóu', es: 'No', es_pronunciation: 'NOH' },
    { en: 'the friend', en_pronunciation: 'da frend', es: 'el amigo', es_pronunciation: 'ehl ah-MEE-goh' },
    { en: 'the family', en_pronunciation: 'da fá-mi-li', es: 'la familia', es_pronunciation: 'lah fah-MEE-lyah' },
    { en: 'the house', en_pronunciation: 'da jáus', es: 'la casa', es_pronunciation: 'lah KAH-sah' },
    { en: 'the water', en_pronunciation: 'da uó-ter', es: 'el agua', es_pronunciation: 'ehl AH-gwah' },
    { en: 'the dog', en_pronunciation: 'da dog', es: 'el perro', es_pronunciation: 'ehl PEH-rroh (rolled r)' },
    { en: 'the cat', en_pronunciation: 'da kat', es: 'el gato', es_pronunciation: 'ehl GAH-toh' },
  ],
};
