import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturnPath, rememberReturnPath, returnPath } from './return-path';

afterEach(forgetReturnPath);

describe('the way back after signing in', () => {
  it('remembers a path of the app until the page there forgets it', () => {
    rememberReturnPath('/shared/ABCDEFGHJKMN');
    expect(returnPath()).toBe('/shared/ABCDEFGHJKMN');
    forgetReturnPath();
    expect(returnPath()).toBeNull();
  });

  it('never leads to another site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      rememberReturnPath(path);
      expect(returnPath()).toBeNull();
    }
    window.sessionStorage.setItem('returnAfterSignIn', '//evil.example');
    expect(returnPath()).toBeNull();
  });
});
