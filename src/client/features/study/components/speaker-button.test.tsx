import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@shared/schemas/card';
import { setLanguage } from '@client/lib/i18n';
import { installPlayback, removeMedia } from '../../../test/fake-media';
import { installSpeech, removeSpeech, voice } from '../../../test/fake-speech';
import { SpeakerButton } from './speaker-button';
import { testCard } from '../../../test/cards';

const KEY = 'b'.repeat(64);
const card = (id: number, over: Partial<Card> = {}): Card => testCard({ id, ...over });

const listen = () => screen.getByRole('button', { name: /^(Listen|Escuchar)$/ });

describe('SpeakerButton', () => {
  let playback: ReturnType<typeof installPlayback>;
  beforeEach(() => {
    playback = installPlayback();
  });
  afterEach(async () => {
    removeSpeech();
    removeMedia();
    await setLanguage('en');
  });

  it('plays the side’s recording when it has one, not speech', async () => {
    const speech = installSpeech([voice('Mónica', 'es-ES')]);
    render(<SpeakerButton card={card(1, { es_audio_key: KEY })} side="es" autoRead={false} />);
    await userEvent.click(listen());
    expect(playback.play).toHaveBeenCalledTimes(1);
    expect(playback.play.mock.contexts[0]).toHaveAttribute('src', `/api/audio/${KEY}`);
    expect(speech.spoken).toEqual([]);
  });

  it('speaks the word with the best voice and the right language when the side has no recording', async () => {
    const speech = installSpeech([voice('Paulina', 'es-MX'), voice('Mónica', 'es-ES'), voice('Alex', 'en-US')]);
    const { rerender } = render(<SpeakerButton card={card(1, { en_audio_key: KEY })} side="es" autoRead={false} />);
    await userEvent.click(listen());
    await vi.waitFor(() => expect(speech.said()).toEqual([['manzana', 'es-ES', 'Mónica']]));
    rerender(<SpeakerButton card={card(1)} side="en" autoRead={false} />);
    await userEvent.click(listen());
    await vi.waitFor(() => expect(speech.said()).toContainEqual(['apple', 'en-US', 'Alex']));
    expect(playback.play).not.toHaveBeenCalled();
  });

  it('speaks instead when the recording cannot be played', async () => {
    const speech = installSpeech([voice('Alex', 'en-US')]);
    playback.play.mockRejectedValueOnce(new DOMException('no', 'NotSupportedError'));
    render(<SpeakerButton card={card(1, { en_audio_key: KEY })} side="en" autoRead={false} />);
    await userEvent.click(listen());
    await vi.waitFor(() => expect(speech.said()).toEqual([['apple', 'en-US', 'Alex']]));
  });

  it('without a voice for the language and without a recording, shows as unavailable and says why', async () => {
    const speech = installSpeech([voice('Alex', 'en-US')]);
    const { rerender } = render(<SpeakerButton card={card(1)} side="es" autoRead={false} />);
    expect(listen()).toHaveAttribute('aria-disabled', 'true');
    expect(listen()).toHaveAccessibleDescription('No Spanish voice on this device — record one on the card');
    await userEvent.click(listen());
    expect(speech.spoken).toEqual([]);

    // A recording makes it available again.
    rerender(<SpeakerButton card={card(1, { es_audio_key: KEY })} side="es" autoRead={false} />);
    expect(listen()).not.toHaveAttribute('aria-disabled');

    await setLanguage('es');
    rerender(<SpeakerButton card={card(2)} side="es" autoRead={false} />);
    expect(listen()).toHaveAccessibleDescription(
      'No hay ninguna voz en español en este dispositivo: graba una en la tarjeta',
    );
  });

  it('on a browser without speech, a side without recording is unavailable', () => {
    render(<SpeakerButton card={card(1)} side="en" autoRead={false} />);
    expect(listen()).toHaveAttribute('aria-disabled', 'true');
    expect(listen()).toHaveAccessibleDescription('No English voice on this device — record one on the card');
  });

  it('with auto-read, reads each side as it appears or turns over; without it, stays quiet', async () => {
    const speech = installSpeech([voice('Mónica', 'es-ES'), voice('Alex', 'en-US')]);
    const { rerender } = render(<SpeakerButton card={card(1)} side="es" autoRead />);
    await vi.waitFor(() => expect(speech.said()).toEqual([['manzana', 'es-ES', 'Mónica']]));
    rerender(<SpeakerButton card={card(1)} side="en" autoRead />);
    await vi.waitFor(() => expect(speech.said()).toContainEqual(['apple', 'en-US', 'Alex']));
    rerender(<SpeakerButton card={card(2, { es_audio_key: KEY })} side="es" autoRead />);
    expect(playback.play).toHaveBeenCalledTimes(1);

    rerender(<SpeakerButton card={card(3)} side="es" autoRead={false} />);
    rerender(<SpeakerButton card={card(3)} side="en" autoRead={false} />);
    expect(speech.spoken).toHaveLength(2);
    expect(playback.play).toHaveBeenCalledTimes(1);
  });
});
