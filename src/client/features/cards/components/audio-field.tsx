import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIO_MAX_BYTES, AUDIO_RECORD_MAX_SECONDS } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { MicIcon, MusicFileIcon, PlayIcon, StopIcon } from '@client/components/ui/media-icons';
import { audioUrl } from '@client/lib/audio-url';
import type { AudioChange, AudioSide } from '../card-form-data';
import { recordingName, useRecorder } from '../hooks/use-recorder';
import cardStyles from './cards.module.css';
import styles from './audio-field.module.css';

/** What the file picker offers; the server checks the content whatever the name says. */
const ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.webm,.wav';

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A URL for a file chosen or recorded here, revoked when it is replaced or the field goes. */
function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface Props {
  side: AudioSide;
  /** The side's stored recording (edit), if any. */
  currentKey: string | null;
  value: AudioChange;
  onChange: (change: AudioChange) => void;
  /** The server's refusal of this side's recording. */
  error?: string;
}

/**
 * One side's sound (optional): record it (the microphone is asked for only then; a level meter
 * and a timer show while recording, which stops by itself at AUDIO_RECORD_MAX_SECONDS), play it
 * back, record again, remove it, or choose an audio file instead. Every control is a real button
 * named with its side, and the recording state is announced politely.
 */
export function AudioField({ side, currentKey, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const sideName = t(`cards.audio.side.${side}`);
  // Each control's name says its side: "Record (Spanish)". It starts with the visible text, so
  // speech control ("click Record") still finds it.
  const named = (label: string) => ({ 'aria-label': `${label} (${sideName})`, children: label });
  const audioRef = useRef<HTMLAudioElement>(null);
  const recordRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [playing, setPlaying] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const newFile = value.kind === 'replace' ? value.file : null;
  const newUrl = useObjectUrl(newFile);

  const recorder = useRecorder((recording, seconds) => {
    const file = new File([recording], recordingName(`${side}-recording`, recording.type), { type: recording.type });
    onChange({ kind: 'replace', file, recorded: true });
    setAnnouncement(t('cards.audio.announce.recorded', { count: Math.max(1, Math.round(seconds)) }));
  });
  const recording = recorder.phase === 'recording';
  const asking = recorder.phase === 'asking';

  const source = newFile ? newUrl : value.kind === 'keep' && currentKey ? audioUrl(currentKey) : null;
  const hasSound = Boolean(source) && !recording && !asking;
  // A new source starts paused (an element that goes away fires no pause event).
  useEffect(() => setPlaying(false), [source]);

  const pause = () => {
    const audio = audioRef.current;
    if (audio && !audio.paused) audio.pause();
  };

  const record = () => {
    if (asking) return;
    if (recording) {
      recorder.stop();
      return;
    }
    pause();
    setLocalError(null);
    void recorder.start().then((started) => started && setAnnouncement(t('cards.audio.announce.recording')));
  };

  const togglePlay = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      return;
    }
    audio.currentTime = 0;
    void audio.play()?.catch(() => setPlaying(false));
  };

  const remove = () => {
    pause();
    setLocalError(null);
    if (inputRef.current) inputRef.current.value = '';
    onChange(currentKey ? { kind: 'remove' } : { kind: 'keep' });
    setAnnouncement(t(currentKey ? 'cards.audio.willRemove' : 'cards.audio.announce.removed'));
    recordRef.current?.focus();
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    // Checked here too so a large file is not uploaded for nothing; the server has the last word.
    if (file.size > AUDIO_MAX_BYTES) {
      setLocalError(t('cards.audio.errors.too_large', { max: AUDIO_MAX_BYTES / (1024 * 1024) }));
      e.target.value = '';
      return;
    }
    pause();
    setLocalError(null);
    recorder.clearProblem();
    onChange({ kind: 'replace', file, recorded: false });
    setAnnouncement(t('cards.audio.chosenFile', { name: file.name }));
  };

  const recordLabel = recording
    ? t('cards.audio.stop')
    : hasSound
      ? t('cards.audio.recordAgain')
      : t('cards.audio.record');
  const playLabel = playing ? t('cards.audio.stopPlaying') : t('cards.audio.play');
  const problem = recorder.problem ? t(`cards.audio.problems.${recorder.problem}`) : null;
  const message = problem ?? localError ?? error;
  const status = asking
    ? t('cards.audio.waiting')
    : value.kind === 'remove'
      ? t('cards.audio.willRemove')
      : value.kind === 'replace'
        ? value.recorded
          ? t('cards.audio.newRecording')
          : t('cards.audio.chosenFile', { name: value.file.name })
        : currentKey
          ? t('cards.audio.current')
          : null;

  return (
    <fieldset className={styles.field} aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}>
      <legend className={cardStyles.label}>{t(`cards.audio.legend.${side}`)}</legend>
      {recording ? (
        <div className={styles.live}>
          <span className={styles.dot} aria-hidden="true" />
          <span>{t('cards.audio.recording')}</span>
          <div
            className={styles.meter}
            role="meter"
            aria-label={t('cards.audio.level', { side: sideName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(recorder.level * 100)}
          >
            <span className={styles.meterFill} style={{ transform: `scaleX(${recorder.level})` }} />
          </div>
          <span className={styles.timer}>
            {t('cards.audio.elapsed', {
              elapsed: clock(recorder.elapsedMs),
              max: clock(AUDIO_RECORD_MAX_SECONDS * 1000),
            })}
          </span>
        </div>
      ) : (
        status && <p className={styles.status}>{status}</p>
      )}
      <div className={styles.buttons}>
        <Button
          ref={recordRef}
          aria-label={named(recordLabel)['aria-label']}
          variant={recording ? 'danger' : 'secondary'}
          aria-disabled={asking || undefined}
          onClick={record}
        >
          {recording ? <StopIcon /> : <MicIcon />}
          {recordLabel}
        </Button>
        {hasSound && (
          <Button onClick={togglePlay} aria-label={named(playLabel)['aria-label']}>
            {playing ? <StopIcon /> : <PlayIcon />}
            {playLabel}
          </Button>
        )}
        {hasSound && <Button variant="ghost" onClick={remove} {...named(t('cards.audio.remove'))} />}
        {value.kind === 'remove' && (
          <Button
            variant="ghost"
            onClick={() => {
              onChange({ kind: 'keep' });
              recordRef.current?.focus();
            }}
            {...named(t('cards.audio.keep'))}
          />
        )}
        {!recording && !asking && (
          // The native input stays focusable but hidden, so its button text follows the interface language.
          <label className={`${cardStyles.fileButton} ${styles.choose}`}>
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              className="visually-hidden"
              aria-label={named(t('cards.audio.choose'))['aria-label']}
              aria-invalid={message ? true : undefined}
              onChange={choose}
            />
            <MusicFileIcon />
            <span>{t('cards.audio.choose')}</span>
          </label>
        )}
      </div>
      <p id={`${id}-hint`} className={cardStyles.hint}>
        {t('cards.audio.hint', { seconds: AUDIO_RECORD_MAX_SECONDS, max: AUDIO_MAX_BYTES / (1024 * 1024) })}
      </p>
      {message && (
        <p id={`${id}-error`} className={cardStyles.error} role="alert">
          {message}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {source && (
        <audio
          ref={audioRef}
          src={source}
          preload="metadata"
          data-side-audio={side}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
    </fieldset>
  );
}
