import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { PlayIcon } from '@client/components/ui/media-icons';
import { isSpeechSupported, speak, type SpeechLanguage } from '@client/lib/speech';
import { useVoices, voicesFor } from '@client/lib/voices';
import styles from './speech-settings.module.css';

/** What a sample says, in the voice's own language whatever the interface language is. */
const SAMPLES: Record<SpeechLanguage, string> = {
  en: 'Hello! This is how I read your cards.',
  es: '¡Hola! Así leo tus tarjetas.',
};

/** Speech sub-page: the voices this device has for English and Spanish, each with a sample to hear. */
export function SpeechSettings() {
  const { t } = useTranslation();
  const voices = useVoices();
  if (!isSpeechSupported()) return <p className={styles.note}>{t('settings.speech.unsupported')}</p>;
  if (voices.status === 'loading') {
    return (
      <p className={styles.note} role="status">
        {t('settings.speech.loading')}
      </p>
    );
  }
  return (
    <>
      <p className={styles.note}>{t('settings.speech.intro')}</p>
      {(['en', 'es'] as const).map((language) => (
        <VoiceSection key={language} language={language} voices={voicesFor(voices.voices, language)} />
      ))}
    </>
  );
}

function VoiceSection({ language, voices }: { language: SpeechLanguage; voices: SpeechSynthesisVoice[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h4 id={headingId} className={styles.heading}>
        {t(`settings.speech.heading.${language}`, { count: voices.length })}
      </h4>
      {voices.length === 0 ? (
        <p className={styles.note}>{t(`settings.speech.none.${language}`)}</p>
      ) : (
        <ul className={styles.list}>
          {voices.map((voice, index) => (
            <li key={`${voice.voiceURI}|${voice.name}|${voice.lang}`} className={styles.voice}>
              <span className={styles.voiceText}>
                <span className={styles.voiceName}>{voice.name}</span>
                <span className={styles.voiceMeta}>
                  {[
                    voice.lang,
                    voice.localService ? t('settings.speech.onDevice') : t('settings.speech.online'),
                    index === 0 ? t('settings.speech.used') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <Button
                size="small"
                aria-label={`${t('settings.speech.play')}: ${voice.name}`}
                onClick={() => void speak(SAMPLES[language], language, { voice })}
              >
                <PlayIcon />
                {t('settings.speech.play')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
