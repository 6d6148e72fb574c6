import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';

/** Copies `text`; says so in a polite live region (the clipboard may be refused: then it says to copy by hand). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button onClick={() => void copy()}>{label}</Button>
      <span role="status" aria-live="polite">
        {state === 'copied' ? t('sharing.copied') : state === 'failed' ? t('sharing.copyFailed') : ''}
      </span>
    </>
  );
}
