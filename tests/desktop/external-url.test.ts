import { describe, expect, it, vi } from 'vitest';
import { isExternalWebUrl } from '../../src-shared/domain/external-url.ts';
import { openExternalSafely } from '../../src-desktop/main/security.ts';
import { shell } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('external link check', () => {
  it('allows absolute http and https links', () => {
    for (const url of ['https://hireassist.example/blog/x', 'http://localhost:3000/', 'HTTPS://EXAMPLE.COM'])
      expect(isExternalWebUrl(url), url).toBe(true);
  });

  it('refuses everything that could run or open something on the machine', () => {
    const refused = [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'data:text/html,<script>1</script>',
      'vbscript:msgbox',
      '//example.com/relative',
      '/blog/x',
      'https://',
      'not a url',
      '',
    ];
    for (const url of refused) expect(isExternalWebUrl(url), url).toBe(false);
  });
});

describe('openExternal in main (electron shell mocked)', () => {
  it('hands http(s) links to the system browser and refuses the rest', async () => {
    await openExternalSafely('https://hireassist.example/');
    expect(shell.openExternal).toHaveBeenCalledWith('https://hireassist.example/');
    await expect(openExternalSafely('file:///etc/passwd')).rejects.toThrow('Only http and https links can be opened');
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
});
