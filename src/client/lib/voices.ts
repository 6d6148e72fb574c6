import { useSyncExternalStore } from 'react';

/** The two languages cards are in. */
export type SpeechLanguage = 'en' | 'es';

/** The region tried first for each language (es-ES, then any es-*; en-US, then any en-*). */
const PREFERRED_TAG: Record<SpeechLanguage, string> = { en: 'en-us', es: 'es-es' };

/**
 * How long to wait for a voice list that starts empty. Chrome fills it a moment after load and
 * says so with `voiceschanged`; Firefox on Linux without a synthesiser never does, so after this
 * the device counts as having no voices (a later `voiceschanged` still updates the list).
 */
export const VOICES_WAIT_MS = 2500;

/** A voice's language tag in one spelling: Android writes "es_ES". */
export const voiceTag = (voice: Pick<SpeechSynthesisVoice, 'lang'>) => voice.lang.replace(/_/g, '-').toLowerCase();

/**
 * The device's voices for `language`, best first: the preferred region, then the others; within
 * each, the browser's default voice, then voices on the device before network ones.
 */
export function voicesFor(voices: readonly SpeechSynthesisVoice[], language: SpeechLanguage): SpeechSynthesisVoice[] {
  const rank = (v: SpeechSynthesisVoice) =>
    (voiceTag(v) === PREFERRED_TAG[language] ? 0 : 4) + (v.default ? 0 : 2) + (v.localService ? 0 : 1);
  return voices
    .filter((v) => voiceTag(v) === language || voiceTag(v).startsWith(`${language}-`))
    .sort((a, b) => rank(a) - rank(b));
}

/** The voice study uses for `language`; undefined when the device has none. */
export const bestVoice = (voices: readonly SpeechSynthesisVoice[], language: SpeechLanguage) =>
  voicesFor(voices, language)[0];

/** True when this browser has speech synthesis at all. */
export function isSpeechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    Boolean(window.speechSynthesis) &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

export interface VoiceList {
  /** 'loading' while an empty list may still fill (see VOICES_WAIT_MS). */
  status: 'loading' | 'ready';
  voices: readonly SpeechSynthesisVoice[];
}

const NONE: VoiceList = { status: 'ready', voices: [] };

// One watcher per speechSynthesis object: a new one (another window in tests) starts afresh.
let watched: SpeechSynthesis | null = null;
let current: VoiceList = NONE;
const listeners = new Set<() => void>();

function readVoices(synth: SpeechSynthesis): SpeechSynthesisVoice[] {
  try {
    return synth.getVoices?.() ?? [];
  } catch {
    return [];
  }
}

function publish(next: VoiceList) {
  current = next;
  for (const listener of [...listeners]) listener();
}

function watch(): VoiceList {
  if (!isSpeechSupported()) return NONE;
  const synth = window.speechSynthesis;
  if (synth === watched) return current;
  watched = synth;
  const voices = readVoices(synth);
  current = voices.length ? { status: 'ready', voices } : { status: 'loading', voices };
  const update = () => {
    if (watched === synth) publish({ status: 'ready', voices: readVoices(synth) });
  };
  if (typeof synth.addEventListener === 'function') synth.addEventListener('voiceschanged', update);
  else synth.onvoiceschanged = update;
  if (!voices.length) {
    setTimeout(() => {
      if (watched === synth && current.status === 'loading') update();
    }, VOICES_WAIT_MS);
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
}

/** The device's voices as they are now (starts watching them on first use). */
export const currentVoices = (): VoiceList => watch();

/** Resolves with the device's voices once the browser has listed them, or once it clearly has none. */
export function waitForVoices(): Promise<readonly SpeechSynthesisVoice[]> {
  const now = watch();
  if (now.status === 'ready') return Promise.resolve(now.voices);
  return new Promise((resolve) => {
    const check = () => {
      const next = watch();
      if (next.status !== 'ready') return;
      listeners.delete(check);
      resolve(next.voices);
    };
    listeners.add(check);
  });
}

/** The device's voices, re-rendering when the browser's list changes. */
export function useVoices(): VoiceList {
  return useSyncExternalStore(subscribe, watch, () => NONE);
}
