/** Reading words aloud with the Web Speech API (SPEC §2 Study). */

export type SpeechLanguage = 'en' | 'es';

/** BCP 47 tag given to every utterance (SPEC §2: es-ES for Spanish, en-US for English). */
export const SPEECH_LANG: Record<SpeechLanguage, string> = { en: 'en-US', es: 'es-ES' };

/** True when this browser can speak at all. */
export function isSpeechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** A voice for the language when the browser lists one; the browser's default for `lang` otherwise. */
function pickVoice(lang: string): SpeechSynthesisVoice | undefined {
  const voices = window.speechSynthesis.getVoices?.() ?? [];
  const tag = lang.toLowerCase();
  const prefix = tag.slice(0, 2);
  return (
    voices.find((v) => v.lang.toLowerCase().replace('_', '-') === tag) ??
    voices.find((v) => v.lang.toLowerCase().startsWith(prefix))
  );
}

/**
 * Speaks `text` in the given language; stops anything still being read first, so repeated
 * presses never queue up. Where speech is unsupported, or the browser throws (no voices,
 * blocked autoplay), it does nothing: speech is a help, never an error. Returns whether
 * an utterance was handed to the browser.
 */
export function speak(text: string, language: SpeechLanguage): boolean {
  const words = text.trim();
  if (!words || !isSpeechSupported()) return false;
  try {
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new window.SpeechSynthesisUtterance(words);
    // Always set, even with no matching voice: it picks the right pronunciation rules.
    utterance.lang = SPEECH_LANG[language];
    const voice = pickVoice(utterance.lang);
    if (voice) utterance.voice = voice;
    utterance.rate = 0.9;
    utterance.onerror = () => {
      /* silently skipped (SPEC §2) */
    };
    synth.speak(utterance);
    return true;
  } catch {
    return false;
  }
}

/** Stops reading (leaving the study screen). */
export function stopSpeaking(): void {
  try {
    if (isSpeechSupported()) window.speechSynthesis.cancel();
  } catch {
    /* nothing to stop */
  }
}
