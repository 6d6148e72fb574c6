/** Reading words aloud with the Web Speech API (SPEC §2 Study), with the device's best voice. */
import { bestVoice, isSpeechSupported, waitForVoices, type SpeechLanguage } from './voices';

export { isSpeechSupported, type SpeechLanguage };

/** BCP 47 tag of each language when a voice does not name its own (SPEC §2: es-ES, en-US). */
export const SPEECH_LANG: Record<SpeechLanguage, string> = { en: 'en-US', es: 'es-ES' };

/**
 * Longest piece handed to the engine as one utterance: Chrome stops speaking an utterance after
 * about 15 seconds, and 160 characters take about 10 at the rate used here.
 */
export const SPEECH_CHUNK_MAX = 160;

/**
 * Cuts text into pieces of at most `max` characters, at sentence ends where it can, then at
 * commas, then between words (a word longer than `max` is cut too).
 */
export function splitForSpeech(text: string, max = SPEECH_CHUNK_MAX): string[] {
  const chunks: string[] = [];
  let chunk = '';
  const add = (piece: string) => {
    if (!piece) return;
    if (chunk && chunk.length + 1 + piece.length <= max) {
      chunk += ` ${piece}`;
      return;
    }
    if (chunk) chunks.push(chunk);
    chunk = piece;
  };
  for (const sentence of text.trim().split(/(?<=[.!?;:…])\s+/)) {
    if (sentence.length <= max) {
      add(sentence);
      continue;
    }
    for (const clause of sentence.split(/(?<=,)\s+/)) {
      if (clause.length <= max) {
        add(clause);
        continue;
      }
      for (const word of clause.split(/\s+/)) {
        for (let i = 0; i < word.length; i += max) add(word.slice(i, i + max));
      }
    }
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

// Each speak() or stopSpeaking() call supersedes the ones before it, even one still waiting for voices.
let turn = 0;

/**
 * Speaks `text` with the best voice this device has for `language` (or the given `voice`),
 * stopping anything still being read so repeated presses never queue up. Waits for the voice list
 * where the browser loads it late. Says nothing, and resolves false, when the device has no voice
 * for the language (another language's voice would read the word wrongly), when speech is
 * unsupported, or when the browser throws: speech is a help, never an error.
 */
export async function speak(
  text: string,
  language: SpeechLanguage,
  options: { voice?: SpeechSynthesisVoice } = {},
): Promise<boolean> {
  const words = text.trim();
  if (!words || !isSpeechSupported()) return false;
  const mine = ++turn;
  const voice = options.voice ?? bestVoice(await waitForVoices(), language);
  if (!voice || mine !== turn) return false;
  try {
    const synth = window.speechSynthesis;
    synth.cancel();
    for (const piece of splitForSpeech(words)) {
      const utterance = new window.SpeechSynthesisUtterance(piece);
      // The voice's own tag: where a browser ignores the voice (Chrome on Android), it picks by language.
      utterance.lang = voice.lang.replace(/_/g, '-') || SPEECH_LANG[language];
      utterance.voice = voice;
      utterance.rate = 0.9;
      utterance.onerror = () => {
        /* silently skipped (SPEC §2) */
      };
      synth.speak(utterance);
    }
    return true;
  } catch {
    return false;
  }
}

/** Stops reading (leaving the study screen, or a recording about to play). */
export function stopSpeaking(): void {
  turn++;
  try {
    if (isSpeechSupported()) window.speechSynthesis.cancel();
  } catch {
    /* nothing to stop */
  }
}
