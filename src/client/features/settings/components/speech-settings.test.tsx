import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@client/lib/i18n';
import { installSpeech, removeSpeech, voice } from '../../../test/fake-speech';
import { SpeechSettings } from './speech-settings';
import { settingsStrings } from '../strings';

beforeAll(() => settingsStrings('es'));

describe('SpeechSettings', () => {
  afterEach(async () => {
    removeSpeech();
    await setLanguage('en');
  });

  it('lists the device’s English and Spanish voices, the one study uses first, each with a sample', async () => {
    const speech = installSpeech([
      voice('Daniel', 'en-GB'),
      voice('Paulina', 'es-MX'),
      voice('Google español', 'es-ES', { localService: false }),
      voice('Samantha', 'en-US'),
      voice('Thomas', 'fr-FR'),
    ]);
    render(<SpeechSettings />);
    const english = screen.getByRole('region', { name: 'English voices (2)' });
    const spanish = screen.getByRole('region', { name: 'Spanish voices (2)' });
    expect(
      within(english)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Samanthaen-US · on this device · used in studyPlay sample', 'Danielen-GB · on this devicePlay sample']);
    expect(within(spanish).getAllByRole('listitem')[0]).toHaveTextContent(
      'Google españoles-ES · online · used in study',
    );
    expect(screen.queryByText('Thomas')).toBeNull();

    await userEvent.click(within(spanish).getByRole('button', { name: 'Play sample: Paulina' }));
    await vi.waitFor(() => expect(speech.said()).toEqual([['¡Hola! Así leo tus tarjetas.', 'es-MX', 'Paulina']]));
  });

  it('says when a language has no voice, in the interface language', async () => {
    installSpeech([voice('Samantha', 'en-US')]);
    await setLanguage('es');
    render(<SpeechSettings />);
    expect(screen.getByRole('region', { name: 'Voz en inglés (1)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Voces en español (0)' })).toHaveTextContent(
      'No hay ninguna voz en español en este dispositivo.',
    );
  });

  it('waits while the browser loads its voices, and says when it cannot speak at all', () => {
    const speech = installSpeech([]);
    const { unmount } = render(<SpeechSettings />);
    expect(screen.getByRole('status')).toHaveTextContent('Looking for voices on this device…');
    act(() => speech.setVoices([voice('Samantha', 'en-US')]));
    expect(screen.getByRole('region', { name: 'English voice (1)' })).toBeInTheDocument();
    unmount();
    removeSpeech();
    render(<SpeechSettings />);
    expect(screen.getByText(/This browser cannot read aloud/)).toBeInTheDocument();
  });
});
