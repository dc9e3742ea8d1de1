import { describe, expect, it, vi } from 'vitest';
import { isExternalWebUrl, isMailtoOneAddress } from '../../src-shared/domain/external-url.ts';
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

describe('mail link check', () => {
  it('allows a mailto: link to one plain address', () => {
    for (const url of ['mailto:noor@talentbridge.example', "MAILTO:o'brien+partners@example.co.uk"])
      expect(isMailtoOneAddress(url), url).toBe(true);
  });

  it('refuses more than one address, headers, and anything that is no plain address', () => {
    const refused = [
      'mailto:',
      'mailto:ada',
      'mailto:ada@example.com,eve@example.com',
      'mailto:ada@example.com;eve@example.com',
      'mailto:ada@example.com%2Ceve@example.com',
      'mailto:ada@example.com?bcc=eve@example.com',
      'mailto:ada@example.com?body=click%20here',
      'mailto:ada@example.com#x',
      'mailto:ada @example.com',
      'mailto:?to=ada@example.com',
      `mailto:${'a'.repeat(320)}@example.com`,
      'https://example.com',
    ];
    for (const url of refused) expect(isMailtoOneAddress(url), url).toBe(false);
  });
});

describe('openExternal in main (electron shell mocked)', () => {
  it('hands http(s) links to the system browser and refuses the rest', async () => {
    await openExternalSafely('https://hireassist.example/');
    expect(shell.openExternal).toHaveBeenCalledWith('https://hireassist.example/');
    await expect(openExternalSafely('file:///etc/passwd')).rejects.toThrow(
      'Only http and https links, and mail links to one address, can be opened',
    );
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it("hands an applicant's mailto: link to the mail app, one address and nothing more", async () => {
    shell.openExternal.mockClear();
    await openExternalSafely('mailto:noor@talentbridge.example');
    expect(shell.openExternal).toHaveBeenCalledWith('mailto:noor@talentbridge.example');
    await expect(openExternalSafely('mailto:ada@example.com?bcc=eve@example.com')).rejects.toThrow();
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
});
