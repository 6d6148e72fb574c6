import type { ComponentProps } from 'react';
import { CHILD_PIN_MAX_DIGITS } from '@shared/constants';
import { TextField } from '@client/components/ui/field';

/** A PIN input: hidden digits, the number pad on phones, never filled in by the browser. */
export function PinField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return (
    <TextField
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={CHILD_PIN_MAX_DIGITS}
      {...props}
    />
  );
}
