import i18next from 'i18next';
import { AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS } from '@shared/constants';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import type { AudioSide } from './card-form-data';

/** The server's refusals of a side's recording (en_audio, es_audio, remove_…), translated, by side. */
export function audioErrors(err: unknown): Partial<Record<AudioSide, string>> {
  if (!(err instanceof ApiRequestError)) return {};
  const bySide: Partial<Record<AudioSide, string>> = {};
  for (const field of err.fields) {
    const side = /^(?:remove_)?(en|es)_audio$/.exec(field.field)?.[1] as AudioSide | undefined;
    if (!side) continue;
    const key = `cards.audio.errors.${field.code}`;
    bySide[side] = i18next.exists(key)
      ? i18next.t(key, { max: AUDIO_MAX_BYTES / (1024 * 1024), seconds: AUDIO_MAX_SECONDS })
      : errorText(err, i18next.t('cards.errors.save'));
  }
  return bySide;
}
