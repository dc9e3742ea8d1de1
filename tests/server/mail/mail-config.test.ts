import { describe, expect, it } from 'vitest';
import company from '../../../content/company.json' with { type: 'json' };
import { ConfigError, loadConfig } from '../../../server/config/config.ts';
import { DEFAULT_MAIL_QUOTA } from '../../../server/mail/send-quota.ts';
import { configProblems } from '../../support/config-problems.ts';

describe('the mail configuration', () => {
  it('keeps mail in the outbox when no delivery is configured, and notifies the company address', () => {
    const { mail } = loadConfig({});
    expect(mail.delivery).toEqual({ kind: 'outbox-only' });
    expect(mail.contactNotifyTo).toBe(company.email);
    expect(mail.from).toBe('HireAssist <no-reply@hireassist.ai>');
  });

  it('sends by SMTP when SMTP_URL is set, even if EmailJS is configured too', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      EMAILJS_SERVICE_ID: 's',
      EMAILJS_TEMPLATE_ID: 't',
      EMAILJS_USER_ID: 'u',
      MAIL_FROM: 'Team <team@hireassist.example>',
      CONTACT_NOTIFY_TO: 'sales@hireassist.example',
    });
    expect(mail).toEqual({
      delivery: { kind: 'smtp', url: 'smtps://mailer:secret@smtp.example:465' },
      from: 'Team <team@hireassist.example>',
      contactNotifyTo: 'sales@hireassist.example',
      quota: DEFAULT_MAIL_QUOTA,
    });
  });

  it('reads the mail quotas, and refuses one that is not a positive whole number', () => {
    const { mail } = loadConfig({
      MAIL_QUOTA_PER_CLIENT_PER_HOUR: '3',
      MAIL_QUOTA_PER_RECIPIENT_PER_HOUR: '4',
      MAIL_QUOTA_PER_DOMAIN_PER_HOUR: '20',
      MAIL_QUOTA_GLOBAL_PER_HOUR: '500',
    });
    expect(mail.quota).toEqual({ perClientPerHour: 3, perRecipientPerHour: 4, perDomainPerHour: 20, globalPerHour: 500 });
    expect(() => loadConfig({ MAIL_QUOTA_GLOBAL_PER_HOUR: '0' })).toThrow(/MAIL_QUOTA_GLOBAL_PER_HOUR/);
  });

  it('sends through EmailJS when all three ids are set', () => {
    const { mail } = loadConfig({
      EMAILJS_SERVICE_ID: 'service_a',
      EMAILJS_TEMPLATE_ID: 'template_b',
      EMAILJS_USER_ID: 'user_c',
    });
    expect(mail.delivery).toEqual({
      kind: 'emailjs',
      emailjs: { serviceId: 'service_a', templateId: 'template_b', userId: 'user_c', accessToken: undefined },
    });
  });

  it('refuses at start a MAIL_FROM that is not an address or Name <address>, and a CONTACT_NOTIFY_TO that is not one address', () => {
    expect(configProblems({ MAIL_FROM: 'HireAssist', CONTACT_NOTIFY_TO: 'sales team' })).toEqual([
      'MAIL_FROM must be an email address or Name <address>, such as HireAssist <no-reply@hireassist.ai> (got "HireAssist")',
      'CONTACT_NOTIFY_TO must be one email address, such as info@hireassist.ai (got "sales team")',
    ]);
    expect(configProblems({ CONTACT_NOTIFY_TO: 'sales@hireassist.example, ceo@hireassist.example' })).toEqual([
      'CONTACT_NOTIFY_TO must be one email address, such as info@hireassist.ai (got "sales@hireassist.example, ceo@hireassist.example")',
    ]);
    for (const from of [
      'no-reply@hireassist.example',
      'Team <team@hireassist.example>',
      '"HireAssist, Inc." <team@hireassist.example>',
    ]) {
      expect(configProblems({ MAIL_FROM: from }), from).toEqual([]);
    }
  });

  it('refuses to start with a partial EmailJS configuration, naming the missing ids', () => {
    expect(() => loadConfig({ EMAILJS_SERVICE_ID: 'service_a' })).toThrow(ConfigError);
    try {
      loadConfig({ EMAILJS_SERVICE_ID: 'service_a', SMTP_URL: 'http://wrong.example' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(
        expect.arrayContaining([
          'EmailJS is partly configured: set EMAILJS_TEMPLATE_ID, EMAILJS_USER_ID as well, or none of the EMAILJS_ ids',
          expect.stringContaining('SMTP_URL must start with smtp:// or smtps://'),
        ]),
      );
    }
  });

  it('refuses at start an SMTP_URL that names no mail host, which would send every mail to this machine', () => {
    for (const url of ['smtp://', 'smtps://', 'smtp:smtp.example']) {
      expect(configProblems({ SMTP_URL: url }), url).toEqual([
        expect.stringMatching(/^SMTP_URL must name the mail host, such as smtps:\/\/user:password@smtp\.example:465 \(got "/),
      ]);
    }
    expect(configProblems({ SMTP_URL: 'smtp://smtp.example' })).toEqual([]);
  });

  it('refuses at start an EMAILJS_ACCESS_TOKEN without the EmailJS ids, which no mail would use', () => {
    expect(configProblems({ EMAILJS_ACCESS_TOKEN: 'a-private-key' })).toEqual([
      'EMAILJS_ACCESS_TOKEN is set but EmailJS is not: set EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID and EMAILJS_USER_ID too, or unset it',
    ]);
    const ids = { EMAILJS_SERVICE_ID: 'service_a', EMAILJS_TEMPLATE_ID: 'template_a', EMAILJS_USER_ID: 'user_a' };
    expect(configProblems({ ...ids, EMAILJS_ACCESS_TOKEN: 'a-private-key' })).toEqual([]);
  });
});
