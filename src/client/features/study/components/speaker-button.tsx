import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@shared/schemas/card';
import { Button } from '@client/components/ui/button';
import { SpeakerIcon } from '@client/components/ui/icons';
import { audioUrl } from '@client/lib/audio-url';
import { speak, stopSpeaking } from '@client/lib/speech';
import { bestVoice, useVoices } from '@client/lib/voices';
import { pronunciationOf, wordOf, type Side } from './flash-card';
import styles from './speaker.module.css';

/** The side's recording, when it has one. */
export const audioKeyOf = (card: Card, side: Side) => (side === 'en' ? card.en_audio_key : card.es_audio_key);

interface SpeakerButtonProps {
  card: Card;
  /** The side on screen: the one read. */
  side: Side;
  /** Read the side by itself each time a card appears or turns over (the student's setting). */
  autoRead: boolean;
  className?: string;
}

/**
 * "Listen": plays the side's recording when it has one; otherwise speaks its word with the
 * device's best voice for the language. Without either, the button is shown as unavailable and
 * says why (on hover, focus or press) instead of doing nothing.
 */
export function SpeakerButton({ card, side, autoRead, className }: SpeakerButtonProps) {
  const { t } = useTranslation();
  const tipId = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const voices = useVoices();
  const [tipOpen, setTipOpen] = useState(false);
  const [tipDismissed, setTipDismissed] = useState(false);
  const key = audioKeyOf(card, side);
  // The word itself: pronunciation hints are written for people ("PEH-rroh") and a speech
  // engine reads them badly, so they are only a fallback for a side without text.
  const text = wordOf(card, side) || pronunciationOf(card, side) || '';
  // While the list may still fill, pressing waits for it (speak does).
  const canSpeak = voices.status === 'loading' || Boolean(bestVoice(voices.voices, side));
  const available = Boolean(key) || canSpeak;

  const silence = () => {
    stopSpeaking();
    const audio = audioRef.current;
    if (audio && !audio.paused) audio.pause();
  };

  const read = () => {
    silence();
    const audio = audioRef.current;
    if (!key || !audio) {
      void speak(text, side);
      return;
    }
    audio.currentTime = 0;
    void audio.play()?.catch((err: unknown) => {
      // Refused autoplay (no tap yet) or a newer press: stay quiet. A recording that cannot play: speak instead.
      const name = err instanceof Error || err instanceof DOMException ? err.name : '';
      if (name !== 'NotAllowedError' && name !== 'AbortError') void speak(text, side);
    });
  };

  const onShown = useEffectEvent(() => {
    if (autoRead && available) read();
    else silence();
  });
  useEffect(() => {
    onShown();
  }, [card.id, side]);
  useEffect(() => stopSpeaking, []);

  if (!available) {
    return (
      <span className={`${styles.wrap} ${tipDismissed ? styles.dismissed : ''}`}>
        <Button
          className={`${styles.unavailable} ${className ?? ''}`}
          aria-disabled="true"
          aria-describedby={tipId}
          data-tour="study-speaker"
          onClick={() => setTipOpen((open) => !open)}
          onBlur={() => {
            setTipOpen(false);
            setTipDismissed(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !tipDismissed) {
              e.stopPropagation();
              setTipOpen(false);
              setTipDismissed(true);
            }
          }}
        >
          <SpeakerIcon />
          {t('study.actions.listen')}
        </Button>
        <span id={tipId} role="tooltip" className={`${styles.tip} ${tipOpen ? styles.open : ''}`}>
          {t(`study.speech.noVoice.${side}`)}
        </span>
      </span>
    );
  }

  return (
    <span className={styles.wrap}>
      <Button onClick={read} data-tour="study-speaker" className={className}>
        <SpeakerIcon />
        {t('study.actions.listen')}
      </Button>
      {key && <audio ref={audioRef} src={audioUrl(key)} preload="auto" data-card-audio={side} />}
    </span>
  );
}
