import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, setLanguage } from '../lib/i18n';
import '../lib/form';

// Screens load their parts lazily; on a busy two-core machine the first import of a part can take
// longer than the default 1 s wait of findBy*/waitFor. What a test waits for is unchanged.
configure({ asyncUtilTimeout: 5000 });

await initI18n();
// Both catalogues loaded up front, so tests can switch language synchronously.
await setLanguage('es');
await setLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
