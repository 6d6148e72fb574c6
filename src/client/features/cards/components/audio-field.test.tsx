import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@shared/schemas/card';
import { AUDIO_MAX_BYTES } from '@shared/constants';
import { setLanguage } from '@client/lib/i18n';
import { installMicrophone, installPlayback, removeMedia } from '../../../test/fake-media';
import { CardFormDialog } from './card-form-dialog';
import { testCard } from '../../../test/cards';

const CARD: Card = testCard({ id: 5, deck_id: 2, en_audio_key: 'a'.repeat(64) });

/** Answers the card save with `answer` (the saved card by default) and keeps what was sent. */
function stubSave(answer?: { status: number; body: unknown }) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, form: init.body as FormData });
      const { status, body } = answer ?? { status: 201, body: CARD };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

async function renderForm(card: Card | null = null) {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardFormDialog
        open
        onOpenChange={() => {}}
        deckId={2}
        card={card}
        onSaved={onSaved}
        refreshDeck={async () => {}}
      />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
  return { onSaved };
}

const side = (name: RegExp) => screen.getByRole('group', { name });
const spanish = () => side(/^(Spanish sound|Sonido en español)/);
const english = () => side(/^(English sound|Sonido en inglés)/);
const announced = (group: HTMLElement) => group.querySelector('[aria-live="polite"]')!.textContent;

// Whole form journeys: allow for a busy machine (a limit, not a timed assertion).
describe('card form: sounds', { timeout: 20_000 }, () => {
  beforeEach(() => {
    installPlayback();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    removeMedia();
    await setLanguage('en');
  });

  it('asks for the microphone only on Record, shows level and time, plays back and saves the joined recording', async () => {
    const ue = userEvent.setup();
    const mic = installMicrophone();
    const sent = stubSave();
    const { onSaved } = await renderForm();
    expect(mic.getUserMedia).not.toHaveBeenCalled();

    await ue.click(within(spanish()).getByRole('button', { name: 'Record (Spanish)' }));
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
    const stop = within(spanish()).getByRole('button', { name: 'Stop (Spanish)' });
    expect(within(spanish()).getByRole('meter', { name: 'Spanish microphone level' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(spanish()).toHaveTextContent('0:00 of 0:10');
    expect(announced(spanish())).toBe('Recording. Press Stop when you are done.');
    // While recording, the file choice steps aside.
    expect(within(spanish()).queryByLabelText('Choose an audio file (Spanish)')).toBeNull();

    await ue.click(stop);
    expect(mic.track.stop).toHaveBeenCalled();
    expect(announced(spanish())).toMatch(/^Recorded 1 second\. Press Play to listen\.$/);
    expect(spanish()).toHaveTextContent('New recording, saved with the card.');
    expect(within(spanish()).getByRole('button', { name: 'Record again (Spanish)' })).toHaveFocus();
    await ue.click(within(spanish()).getByRole('button', { name: 'Play (Spanish)' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(within(spanish()).getByRole('button', { name: 'Stop playing (Spanish)' })).toBeInTheDocument();
    // The English side is untouched.
    expect(within(english()).queryByRole('button', { name: /^Play/ })).toBeNull();

    await ue.type(screen.getByRole('textbox', { name: 'English' }), 'apple');
    await ue.type(screen.getByRole('textbox', { name: 'Spanish' }), 'manzana');
    await ue.click(screen.getByRole('button', { name: 'Add card' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const file = sent[0]!.form.get('es_audio') as File;
    expect(file.name).toBe('es-recording.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');
    expect(await file.text()).toBe('webm-head-webm-rest');
    expect(sent[0]!.form.has('en_audio')).toBe(false);
  });

  it('stops recording by itself at 10 seconds', async () => {
    installMicrophone();
    stubSave();
    await renderForm();
    vi.useFakeTimers();
    try {
      fireEvent.click(within(english()).getByRole('button', { name: 'Record (English)' }));
      await act(async () => {});
      expect(within(english()).getByRole('button', { name: 'Stop (English)' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4_000));
      expect(english()).toHaveTextContent('0:04 of 0:10');
      act(() => vi.advanceTimersByTime(6_000));
      expect(within(english()).getByRole('button', { name: 'Record again (English)' })).toBeInTheDocument();
      expect(announced(english())).toBe('Recorded 10 seconds. Press Play to listen.');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['NotAllowedError', 'The microphone is blocked.'],
    ['NotFoundError', 'No microphone found.'],
  ] as const)('a microphone refused (%s) says so and keeps the file choice', async (refusal, message) => {
    const ue = userEvent.setup();
    installMicrophone(refusal);
    await renderForm();
    await ue.click(within(english()).getByRole('button', { name: 'Record (English)' }));
    expect(within(english()).getByRole('alert')).toHaveTextContent(message);
    expect(within(english()).getByLabelText('Choose an audio file (English)')).toBeInTheDocument();
    expect(within(english()).getByRole('button', { name: 'Record (English)' })).toBeInTheDocument();
  });

  it('in Spanish, a browser that cannot record says so in Spanish', async () => {
    const ue = userEvent.setup();
    await setLanguage('es');
    await renderForm();
    await ue.click(within(english()).getByRole('button', { name: 'Grabar (inglés)' }));
    expect(within(english()).getByRole('alert')).toHaveTextContent('Este navegador no puede grabar aquí.');
    expect(within(english()).getByLabelText('Elegir un archivo de audio (inglés)')).toBeInTheDocument();
  });

  it('takes a chosen audio file, and refuses one over the size limit before uploading it', async () => {
    const ue = userEvent.setup({ applyAccept: false });
    const sent = stubSave();
    await renderForm();
    const input = within(english()).getByLabelText('Choose an audio file (English)');
    const big = new File([new Uint8Array(AUDIO_MAX_BYTES + 1)], 'long.wav', { type: 'audio/wav' });
    await ue.upload(input, big);
    expect(within(english()).getByRole('alert')).toHaveTextContent('That sound file is too large: at most 2 MB.');

    await ue.upload(input, new File(['ID3'], 'hello.mp3', { type: 'audio/mpeg' }));
    expect(within(english()).queryByRole('alert')).toBeNull();
    expect(english()).toHaveTextContent('Chosen file: hello.mp3');
    await ue.type(screen.getByRole('textbox', { name: 'English' }), 'hello');
    await ue.type(screen.getByRole('textbox', { name: 'Spanish' }), 'hola');
    await ue.click(screen.getByRole('button', { name: 'Add card' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.form.get('en_audio') as File).name).toBe('hello.mp3');
  });

  it('shows the server’s refusal beside the side it concerns, not under the picture', async () => {
    const ue = userEvent.setup({ applyAccept: false });
    stubSave({
      status: 413,
      body: {
        error: 'The recording is larger than 2 MB',
        code: 'too_large',
        fields: [{ field: 'es_audio', code: 'too_large', message: 'The recording is larger than 2 MB' }],
      },
    });
    await renderForm();
    await ue.upload(within(spanish()).getByLabelText('Choose an audio file (Spanish)'), new File(['x'], 'a.ogg'));
    await ue.type(screen.getByRole('textbox', { name: 'English' }), 'apple');
    await ue.type(screen.getByRole('textbox', { name: 'Spanish' }), 'manzana');
    await ue.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await within(spanish()).findByRole('alert')).toHaveTextContent(
      'That sound file is too large: at most 2 MB.',
    );
    expect(within(english()).queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('on edit, plays the stored recording, and remove sends remove_en_audio (undo keeps it)', async () => {
    const ue = userEvent.setup();
    const sent = stubSave({ status: 200, body: CARD });
    await renderForm(CARD);
    expect(english()).toHaveTextContent('This side has a recording.');
    expect(english().querySelector('audio')).toHaveAttribute('src', `/api/audio/${'a'.repeat(64)}`);
    expect(spanish().querySelector('audio')).toBeNull();

    await ue.click(within(english()).getByRole('button', { name: 'Remove (English)' }));
    expect(english()).toHaveTextContent('The sound will be removed when you save.');
    expect(within(english()).getByRole('button', { name: 'Record (English)' })).toHaveFocus();
    await ue.click(within(english()).getByRole('button', { name: 'Keep the sound (English)' }));
    expect(english()).toHaveTextContent('This side has a recording.');
    await ue.click(within(english()).getByRole('button', { name: 'Remove (English)' }));

    await ue.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.form.get('remove_en_audio')).toBe('true');
    expect(sent[0]!.form.has('remove_es_audio')).toBe(false);
  });
});
