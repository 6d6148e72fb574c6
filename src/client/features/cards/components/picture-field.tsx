import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { ImageIcon } from '@client/components/ui/icons';
import { imageUrl } from '@client/lib/image-url';
import type { PictureChange } from '../card-form-data';
import styles from './cards.module.css';

interface Props {
  /** The card's stored picture (edit), if any. */
  currentKey: string | null;
  value: PictureChange;
  onChange: (change: PictureChange) => void;
  /** A server error about the picture (too large, not a picture). */
  error?: string;
}

/** Optional picture: any image file, previewed at once; remove drops it (or the current one on edit). */
export function PictureField({ currentKey, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const setPreviewUrl = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    // Checked here too so a large file is not uploaded for nothing; the server has the last word.
    const heic = /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);
    if (file.size > IMAGE_MAX_BYTES || heic || (file.type && !file.type.startsWith('image/'))) {
      setLocalError(
        file.size > IMAGE_MAX_BYTES
          ? t('common.errors.too_large')
          : heic
            ? t('common.errors.unsupported_heic')
            : t('common.errors.unsupported_image'),
      );
      e.target.value = '';
      return;
    }
    setLocalError(null);
    setPreviewUrl(URL.createObjectURL(file));
    onChange({ kind: 'replace', file });
  };

  const remove = () => {
    setPreviewUrl(null);
    setLocalError(null);
    if (inputRef.current) inputRef.current.value = '';
    onChange(currentKey ? { kind: 'remove' } : { kind: 'keep' });
  };

  const shown = value.kind === 'replace' ? preview : value.kind === 'keep' && currentKey ? imageUrl(currentKey) : null;
  const message = localError ?? error;
  return (
    <div className={styles.picture}>
      <span id={`${id}-label`} className={styles.label}>
        {t('cards.form.picture')}
      </span>
      {shown && (
        <div className={styles.previewRow}>
          <img
            className={styles.preview}
            src={shown}
            alt={value.kind === 'replace' ? t('cards.form.preview') : t('cards.form.current')}
          />
          <Button variant="secondary" onClick={remove}>
            {t('cards.form.removePicture')}
          </Button>
        </div>
      )}
      {value.kind === 'remove' && (
        <p className={styles.hint} aria-live="polite">
          {t('cards.form.pictureRemoved')}{' '}
          <Button variant="ghost" onClick={() => onChange({ kind: 'keep' })}>
            {t('cards.form.keepPicture')}
          </Button>
        </p>
      )}
      {/* The native input stays focusable but hidden, so its button text follows the interface language. */}
      <label className={styles.fileButton}>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={choose}
        />
        <ImageIcon />
        <span id={`${id}-choose`}>{shown ? t('cards.form.chooseOther') : t('cards.form.choose')}</span>
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('cards.form.pictureHint', { max: IMAGE_MAX_BYTES / (1024 * 1024) })}
      </p>
      {message && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
