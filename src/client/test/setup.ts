import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, setLanguage } from '../lib/i18n';
import '../lib/form';

await initI18n();
// Both catalogues loaded up front, so tests can switch language synchronously.
await setLanguage('es');
await setLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
