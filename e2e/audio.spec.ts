import type { Locator, Page } from '@playwright/test';
import config from '../playwright.config';
import { createStudentViaApi, expect, expectNoAxeViolations, signUpViaApi, test } from './fixtures';

/**
 * Recorded sounds on cards and speech in study (issue 15). Chromium records from its fake
 * microphone (a beep), accepted without a prompt; speech synthesis is replaced in the page by a
 * stand-in with chosen voices that records what it is asked to say, so a test can tell a played
 * recording from speech and see each utterance's language.
 */
const base = config.use!.launchOptions!;
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});
// Whole journeys with recordings the server decodes, and axe runs: allow for a busy machine.
test.beforeEach(() => test.slow());

const TEXT = {
  en: {
    group: (side: 'en' | 'es') => (side === 'en' ? 'English sound (optional)' : 'Spanish sound (optional)'),
    sideName: { en: 'English', es: 'Spanish' },
    record: 'Record',
    stop: 'Stop',
    play: 'Play',
    choose: 'Choose an audio file',
    newRecording: 'New recording, saved with the card.',
    recordingNow: 'Recording. Press Stop when you are done.',
    recorded: /^Recorded \d+ seconds?\. Press Play to listen\.$/,
    notSound: 'That file is not a sound we can use.',
    addCard: 'Add card',
    addFirst: 'Add your first card',
    english: 'English',
    spanish: 'Spanish',
    save: 'Save changes',
    cardMenu: (t: string) => `Actions for card ${t}`,
    edit: 'Edit',
    editTitle: 'Edit card',
    study: /^Study \(\d+\)$/,
    listen: 'Listen',
    mastered: 'Mastered',
    noSpanishVoice: 'No Spanish voice on this device — record one on the card',
    accountMenu: /Account menu for/,
    settings: 'Settings',
    speech: /^Speech/,
    voices: (lang: 'en' | 'es', n: number) =>
      `${lang === 'en' ? 'English' : 'Spanish'} ${n === 1 ? 'voice' : 'voices'} (${n})`,
    playSample: (name: string) => `Play sample: ${name}`,
    noVoice: (lang: 'en' | 'es') => `No ${lang === 'en' ? 'English' : 'Spanish'} voice on this device.`,
    students: 'Manage students',
    editStudent: (name: string) => `Edit ${name}`,
    autoRead: 'Read each card aloud when it appears',
  },
  es: {
    group: (side: 'en' | 'es') => (side === 'en' ? 'Sonido en inglés (opcional)' : 'Sonido en español (opcional)'),
    sideName: { en: 'inglés', es: 'español' },
    record: 'Grabar',
    stop: 'Detener',
    play: 'Reproducir',
    choose: 'Elegir un archivo de audio',
    newRecording: 'Grabación nueva, se guarda con la tarjeta.',
    recordingNow: 'Grabando. Pulsa Detener cuando termines.',
    recorded: /^Grabados? \d+ segundos?\. Pulsa Reproducir para escucharlo\.$/,
    notSound: 'Ese archivo no es un sonido que podamos usar.',
    addCard: 'Añadir tarjeta',
    addFirst: 'Añade tu primera tarjeta',
    english: 'Inglés',
    spanish: 'Español',
    save: 'Guardar cambios',
    cardMenu: (t: string) => `Acciones para la tarjeta ${t}`,
    edit: 'Editar',
    editTitle: 'Editar tarjeta',
    study: /^Estudiar \(\d+\)$/,
    listen: 'Escuchar',
    mastered: 'Dominada',
    noSpanishVoice: 'No hay ninguna voz en español en este dispositivo: graba una en la tarjeta',
    accountMenu: /Menú de la cuenta de/,
    settings: 'Ajustes',
    speech: /^Voz/,
    voices: (lang: 'en' | 'es', n: number) =>
      `${n === 1 ? 'Voz' : 'Voces'} en ${lang === 'en' ? 'inglés' : 'español'} (${n})`,
    playSample: (name: string) => `Escuchar muestra: ${name}`,
    noVoice: (lang: 'en' | 'es') =>
      `No hay ninguna voz en ${lang === 'en' ? 'inglés' : 'español'} en este dispositivo.`,
    students: 'Gestionar estudiantes',
    editStudent: (name: string) => `Editar ${name}`,
    autoRead: 'Leer en voz alta cada tarjeta al aparecer',
  },
} as const;

type Voice = [name: string, lang: string];
const ALL_VOICES: Voice[] = [
  ['Daniel', 'en-GB'],
  ['Samantha', 'en-US'],
  ['Paulina', 'es-MX'],
  ['Mónica', 'es-ES'],
];

/** Replaces the page's speechSynthesis (before any script runs) with one that has `voices` and records each utterance. */
async function stubSpeech(page: Page, voices: Voice[]) {
  await page.addInitScript((list: Voice[]) => {
    const spoken: { text: string; lang: string; voice: string | null }[] = [];
    const synth = Object.assign(new EventTarget(), {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null,
      getVoices: () => list.map(([name, lang]) => ({ name, lang, voiceURI: name, localService: true, default: false })),
      speak: (u: { text: string; lang: string; voice: { name: string } | null }) =>
        spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null }),
      cancel: () => {},
      pause: () => {},
      resume: () => {},
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      value: class {
        lang = '';
        voice = null;
        rate = 1;
        onerror = null;
        constructor(readonly text: string) {}
      },
    });
    (window as unknown as { __spoken: typeof spoken }).__spoken = spoken;
  }, voices);
}
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string; voice: string }[] }).__spoken);

/** Half a second of a 440 Hz tone as 16-bit mono WAV. */
function wav(seconds = 0.5, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return buf;
}

interface SeedCard {
  en: string;
  es: string;
  /** Sides that get a recording. */
  audio?: ('en' | 'es')[];
}

/** A deck with cards made through the API (recordings as WAV files, as the card form sends files). */
async function seedDeck(page: Page, studentId: number, cards: SeedCard[]) {
  const res = await page.request.post('/api/decks', { data: { title: 'Fruit', student_id: studentId } });
  expect(res.status()).toBe(201);
  const deck = (await res.json()) as { id: number };
  for (const { en, es, audio = [] } of cards) {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      deck_id: String(deck.id),
      en,
      es,
    };
    for (const side of audio)
      multipart[`${side}_audio`] = { name: `${side}.wav`, mimeType: 'audio/wav', buffer: wav() };
    const card = await page.request.post('/api/cards', { multipart });
    expect(card.status()).toBe(201);
  }
  return deck;
}

async function deckCards(page: Page, deckId: number) {
  const res = await page.request.get(`/api/decks/${deckId}`);
  return ((await res.json()) as { cards: { en: string; en_audio_key: string | null; es_audio_key: string | null }[] })
    .cards;
}

/** True once the <audio> has played some of its sound. */
const hasPlayed = (audio: Locator) => audio.evaluate((el) => (el as HTMLAudioElement).played.length > 0);

const studyCard = (page: Page) => page.getByRole('button', { name: /^(Card|Tarjeta) \d+ (of|de) \d+/ });

/** Presses Tab until the locator has focus (keyboard-only navigation). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens the study screen the way people do: from the deck page (a tap, so sound may play). */
async function studyFromDeck(page: Page, deckId: number, L: (typeof TEXT)['en' | 'es']) {
  await page.goto(`/deck/${deckId}`);
  await page.getByRole('link', { name: L.study }).click();
  await expect(studyCard(page)).toBeVisible();
}

for (const lang of ['en', 'es'] as const) {
  const L = TEXT[lang];

  test.describe(`recorded sounds and speech (${lang})`, () => {
    test.use({ language: lang });

    test('record a side, play it back, save, and hear the recording in study', async ({ page }) => {
      await stubSpeech(page, ALL_VOICES);
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, [{ en: 'apple', es: 'manzana' }]);
      await page.goto(`/deck/${deck.id}`);
      await page.getByRole('button', { name: L.cardMenu('apple') }).click();
      await page.getByRole('menuitem', { name: L.edit }).click();
      const dialog = page.getByRole('dialog', { name: L.editTitle });
      const spanish = dialog.getByRole('group', { name: L.group('es') });

      await spanish.getByRole('button', { name: `${L.record} (${L.sideName.es})` }).click();
      await expect(spanish.getByRole('button', { name: `${L.stop} (${L.sideName.es})` })).toBeVisible();
      await expect(spanish.getByRole('meter')).toBeVisible();
      await expect(spanish.locator('[aria-live="polite"]')).toHaveText(L.recordingNow);
      await expect(spanish).toContainText(/0:0[1-9] (of|de) 0:10/);
      await spanish.getByRole('button', { name: `${L.stop} (${L.sideName.es})` }).click();
      await expect(spanish.getByText(L.newRecording)).toBeVisible();
      await expect(spanish.locator('[aria-live="polite"]')).toHaveText(L.recorded);

      await spanish.getByRole('button', { name: `${L.play} (${L.sideName.es})` }).click();
      await expect.poll(() => hasPlayed(spanish.locator('audio'))).toBe(true);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: L.save }).click();
      await expect(dialog).toBeHidden();
      const [card] = await deckCards(page, deck.id);
      expect(card!.es_audio_key).toMatch(/^[a-f0-9]{64}$/);
      expect(card!.en_audio_key).toBeNull();
      const stored = await page.request.get(`/api/audio/${card!.es_audio_key}`);
      expect(stored.headers()['content-type']).toBe('audio/mpeg');

      // Study (English first for an English speaker): the Spanish side plays the recording, not speech.
      await page.getByRole('link', { name: L.study }).click();
      await expect(studyCard(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await studyCard(page).click();
      await expect(studyCard(page)).toHaveAccessibleName(/manzana/);
      await page.getByRole('button', { name: L.listen }).click();
      await expect.poll(() => hasPlayed(page.locator('audio[data-card-audio="es"]'))).toBe(true);
      expect(await spoken(page)).toEqual([]);
    });

    test('keyboard alone: record, play back and save a new card', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, []);
      await page.goto(`/deck/${deck.id}`);
      await page.getByRole('button', { name: L.addFirst }).click();
      const dialog = page.getByRole('dialog', { name: L.addCard });
      await dialog.getByLabel(L.english, { exact: true }).fill('pear');
      await dialog.getByLabel(L.spanish, { exact: true }).fill('pera');
      const english = dialog.getByRole('group', { name: L.group('en') });
      const record = english.getByRole('button', { name: `${L.record} (${L.sideName.en})` });

      await tabTo(page, record);
      await page.keyboard.press('Enter');
      const stop = english.getByRole('button', { name: `${L.stop} (${L.sideName.en})` });
      await expect(stop).toBeFocused();
      await expect(english).toContainText(/0:0[1-9] (of|de) 0:10/);
      await page.keyboard.press('Enter');
      await expect(english.locator('[aria-live="polite"]')).toHaveText(L.recorded);
      const play = english.getByRole('button', { name: `${L.play} (${L.sideName.en})` });
      await tabTo(page, play);
      await page.keyboard.press('Space');
      await expect.poll(() => hasPlayed(english.locator('audio'))).toBe(true);

      await dialog.getByLabel(L.spanish, { exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      const [card] = await deckCards(page, deck.id);
      expect(card).toMatchObject({ en: 'pear', es_audio_key: null });
      expect(card!.en_audio_key).toMatch(/^[a-f0-9]{64}$/);
    });

    test('a file that is not a sound is refused beside its side; a real one is kept', async ({ page }) => {
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, []);
      await page.goto(`/deck/${deck.id}`);
      await page.getByRole('button', { name: L.addFirst }).click();
      const dialog = page.getByRole('dialog', { name: L.addCard });
      await dialog.getByLabel(L.english, { exact: true }).fill('lemon');
      await dialog.getByLabel(L.spanish, { exact: true }).fill('limón');
      const english = dialog.getByRole('group', { name: L.group('en') });
      const spanish = dialog.getByRole('group', { name: L.group('es') });
      await spanish
        .getByLabel(`${L.choose} (${L.sideName.es})`)
        .setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('MZ this is a program') });
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(spanish.getByRole('alert')).toContainText(L.notSound);
      await expect(english.getByRole('alert')).toHaveCount(0);
      await expectNoAxeViolations(page);

      await spanish
        .getByLabel(`${L.choose} (${L.sideName.es})`)
        .setInputFiles({ name: 'limon.wav', mimeType: 'audio/wav', buffer: wav() });
      await expect(spanish.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('button', { name: L.addCard }).click();
      await expect(dialog).toBeHidden();
      const [card] = await deckCards(page, deck.id);
      expect(card!.es_audio_key).toMatch(/^[a-f0-9]{64}$/);
    });

    test('a side without recording is spoken with the best voice of its language', async ({ page }) => {
      await stubSpeech(page, ALL_VOICES);
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, [{ en: 'apple', es: 'manzana' }]);
      await studyFromDeck(page, deck.id, L);
      // Reading aloud by itself is off by default.
      await studyCard(page).click();
      await studyCard(page).click();
      expect(await spoken(page)).toEqual([]);

      await page.getByRole('button', { name: L.listen }).click();
      await expect.poll(() => spoken(page)).toEqual([{ text: 'apple', lang: 'en-US', voice: 'Samantha' }]);
      await studyCard(page).click();
      await page.getByRole('button', { name: L.listen }).click();
      await expect.poll(() => spoken(page)).toContainEqual({ text: 'manzana', lang: 'es-ES', voice: 'Mónica' });
      await expect(page.locator('audio[data-card-audio]')).toHaveCount(0);
    });

    test('without a Spanish voice, the speaker says so unless the card has a recording', async ({ page }) => {
      await stubSpeech(page, [['Samantha', 'en-US']]);
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'Español');
      const deck = await seedDeck(page, ana.id, [
        { en: 'apple', es: 'manzana' },
        { en: 'pear', es: 'pera', audio: ['es'] },
      ]);
      // A Spanish speaker starts on the Spanish side.
      await studyFromDeck(page, deck.id, L);
      for (let i = 0; i < 2; i++) {
        const listen = page.getByRole('button', { name: L.listen });
        const name = (await studyCard(page).getAttribute('aria-label')) ?? '';
        if (name.includes('manzana')) {
          await expect(listen).toHaveAttribute('aria-disabled', 'true');
          await expect(listen).toHaveAccessibleDescription(L.noSpanishVoice);
          await listen.hover();
          await expect(page.getByRole('tooltip')).toBeVisible();
          await expect(page.getByRole('tooltip')).toHaveText(L.noSpanishVoice);
          await expectNoAxeViolations(page);
          // Playwright does not click an aria-disabled button; a keyboard press reaches it.
          await listen.focus();
          await page.keyboard.press('Enter');
          expect(await spoken(page)).toEqual([]);
        } else {
          expect(name).toContain('pera');
          await expect(listen).not.toHaveAttribute('aria-disabled');
          await listen.click();
          await expect.poll(() => hasPlayed(page.locator('audio[data-card-audio="es"]'))).toBe(true);
        }
        // The English side has a voice.
        await studyCard(page).click();
        await expect(listen).not.toHaveAttribute('aria-disabled');
        await page.getByRole('button', { name: L.mastered, exact: true }).click();
      }
      expect(await spoken(page)).toEqual([]);
    });

    test('"read each card aloud" plays or speaks each side as it appears', async ({ page }) => {
      await stubSpeech(page, ALL_VOICES);
      await signUpViaApi(page);
      const ana = await createStudentViaApi(page, 'Ana', 'English');
      const deck = await seedDeck(page, ana.id, [
        { en: 'apple', es: 'manzana', audio: ['en'] },
        { en: 'pear', es: 'pera' },
      ]);
      await page.goto('/');
      await page.getByRole('button', { name: L.accountMenu }).click();
      await page.getByRole('menuitem', { name: L.students }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('button', { name: L.editStudent('Ana') }).click();
      await panel.getByRole('checkbox', { name: L.autoRead }).check();
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: L.save }).click();
      await expect(panel.getByRole('button', { name: L.editStudent('Ana') })).toBeVisible();
      await page.keyboard.press('Escape');

      await studyFromDeck(page, deck.id, L);
      for (let i = 0; i < 2; i++) {
        const name = (await studyCard(page).getAttribute('aria-label')) ?? '';
        if (name.includes('apple')) {
          await expect.poll(() => hasPlayed(page.locator('audio[data-card-audio="en"]'))).toBe(true);
          await studyCard(page).click();
          await expect.poll(() => spoken(page)).toContainEqual({ text: 'manzana', lang: 'es-ES', voice: 'Mónica' });
        } else {
          await expect.poll(() => spoken(page)).toContainEqual({ text: 'pear', lang: 'en-US', voice: 'Samantha' });
          await studyCard(page).click();
          await expect.poll(() => spoken(page)).toContainEqual({ text: 'pera', lang: 'es-ES', voice: 'Mónica' });
        }
        await page.getByRole('button', { name: L.mastered, exact: true }).click();
      }
      expect((await spoken(page)).map((u) => u.text).sort()).toEqual(['manzana', 'pear', 'pera']);
    });

    test('Settings → Speech lists this device’s voices and plays a sample', async ({ page }) => {
      await stubSpeech(page, [
        ['Daniel', 'en-GB'],
        ['Samantha', 'en-US'],
      ]);
      await signUpViaApi(page);
      await page.goto('/');
      await page.getByRole('button', { name: L.accountMenu }).click();
      await page.getByRole('menuitem', { name: L.settings }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('button', { name: L.speech }).click();
      const english = panel.getByRole('region', { name: L.voices('en', 2) });
      await expect(english.getByRole('listitem')).toHaveText([/^Samantha/, /^Daniel/]);
      await expect(panel.getByRole('region', { name: L.voices('es', 0) })).toContainText(L.noVoice('es'));
      await expectNoAxeViolations(page);
      await english.getByRole('button', { name: L.playSample('Daniel') }).click();
      await expect
        .poll(() => spoken(page))
        .toEqual([{ text: 'Hello! This is how I read your cards.', lang: 'en-GB', voice: 'Daniel' }]);
    });
  });
}
