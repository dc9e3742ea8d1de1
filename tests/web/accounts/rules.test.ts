import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../src-shared/domain/accounts/messages.ts';
import { passwordStrength } from '../../../src-shared/domain/accounts/password-strength.ts';
import { formatPhoneInput, fromE164, phoneDigits, toE164 } from '../../../src-shared/domain/accounts/phone.ts';
import { readStoredReferral, referralFromQuery } from '../../../src-shared/domain/accounts/referral.ts';
import { decodeJwtPayload, initials, loginProvider, userFromIdToken } from '../../../src-shared/domain/accounts/user.ts';
import {
  sanitizeVerificationCode,
  validateProfile,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
} from '../../../src-shared/domain/accounts/validation.ts';

const goodSignUp = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Engine1843!',
  confirmPassword: 'Engine1843!',
  phone: '',
};

describe('sign-in rules', () => {
  it('requires an email and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
  it('rejects a malformed email', () => {
    expect(validateSignIn({ email: 'ada@example', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validateSignIn({ email: 'a da@example.com', password: 'x' }).email).toBe(M.emailInvalid);
  });
  it('accepts a well-formed pair', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('sign-up rules', () => {
  it('passes good input', () => expect(validateSignUp(goodSignUp)).toEqual({}));
  it('names every missing field with its message', () => {
    expect(validateSignUp({ firstName: ' ', lastName: '', email: '', password: '', confirmPassword: '', phone: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });
  it.each([
    ['Sh0rt!', 'Password must be at least 8 characters'],
    ['alllowercase1!', 'Password must contain uppercase, lowercase, number, and special character'],
    ['ALLUPPER1!', 'Password must contain uppercase, lowercase, number, and special character'],
    ['NoDigitsHere!', 'Password must contain uppercase, lowercase, number, and special character'],
    ['NoSpecial123', 'Password must contain uppercase, lowercase, number, and special character'],
    ['Hash#Only123', 'Password must contain uppercase, lowercase, number, and special character'],
  ])('password %s → %s', (password, message) => {
    expect(validateSignUp({ ...goodSignUp, password, confirmPassword: password }).password).toBe(message);
  });
  it('needs matching passwords', () => {
    expect(validateSignUp({ ...goodSignUp, confirmPassword: 'Engine1843?' }).confirmPassword).toBe('Passwords do not match');
  });
  it.each(['(555) 123-4567', '+44 20 7946 0958', '5551234'])('accepts phone %s', (phone) => {
    expect(validateSignUp({ ...goodSignUp, phone }).phone).toBeUndefined();
  });
  it.each(['123456', '555-CALL-NOW', '+1 (555) 123-4567 999', '55+51234567'])('rejects phone %s', (phone) => {
    expect(validateSignUp({ ...goodSignUp, phone }).phone).toBe('Please enter a valid phone number');
  });
});

describe('password strength meter', () => {
  it.each([
    ['', 0, 'Weak'],
    ['1!', 25, 'Fair'],
    ['abc', 25, 'Fair'],
    ['abcDEF', 50, 'Good'],
    ['abcDEF1', 62.5, 'Good'],
    ['abcdefgh', 50, 'Good'],
    ['abcdefgH', 75, 'Strong'],
    ['abcdefgH1!', 100, 'Strong'],
    ['1', 12.5, 'Weak'],
  ] as const)('%j scores %d (%s)', (password, score, label) => {
    const strength = passwordStrength(password);
    expect(strength.score).toBe(score);
    expect(strength.label).toBe(label);
  });
  it('lists five requirements and which are met', () => {
    const { requirements } = passwordStrength('abc1');
    expect(requirements).toHaveLength(5);
    expect(requirements.map((r) => r.met)).toEqual([false, true, false, true, false]);
  });
});

describe('verification code', () => {
  it('keeps digits only, at most six', () => expect(sanitizeVerificationCode('12a3-45678')).toBe('123456'));
  it('gives the two messages', () => {
    expect(validateVerificationCode('')).toBe('Verification code is required');
    expect(validateVerificationCode('12345')).toBe('Verification code must be 6 digits');
    expect(validateVerificationCode('123456')).toBeUndefined();
  });
});

describe('profile save checks, in order', () => {
  const good = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '' };
  it('reports only the first failure', () => {
    expect(validateProfile({ firstName: ' ', lastName: '', email: '', phoneNumber: 'x' })).toEqual({
      field: 'firstName',
      message: 'First name is required',
    });
    expect(validateProfile({ ...good, lastName: '', email: '' })).toEqual({
      field: 'lastName',
      message: 'Last name is required',
    });
    expect(validateProfile({ ...good, email: ' ', phoneNumber: 'x' })).toEqual({ field: 'email', message: 'Email is required' });
    expect(validateProfile({ ...good, email: 'ada @example.com', phoneNumber: 'x' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    expect(validateProfile({ ...good, phoneNumber: '555-CALL' })).toEqual({
      field: 'phoneNumber',
      message: 'Please enter a valid phone number',
    });
    expect(validateProfile({ ...good, phoneNumber: '+1 (555) 123-4567' })).toBeUndefined();
  });
});

describe('phone formatting', () => {
  it.each([
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['555-123-4567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['', ''],
  ])('%s → %s', (typed, shown) => expect(formatPhoneInput(typed)).toBe(shown));
  it('sends digits only', () => expect(phoneDigits('(555) 123-4567')).toBe('5551234567'));
  it('converts to and from E.164', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(fromE164('+15551234567')).toBe('(555) 123-4567');
    expect(fromE164(undefined)).toBe('');
  });
});

function jwt(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part(claims)}.sig`;
}

describe('the User built from the id token', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('takes the name from given and family name', () => {
    const user = userFromIdToken(
      decodeJwtPayload(
        jwt({ sub: 's1', email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace', email_verified: true }),
      ),
      now,
    );
    expect(user).toMatchObject({ id: 's1', name: 'Ada Lovelace', emailVerified: true, mfaEnabled: false, socialProvider: null });
    expect(user.createdAt).toBe(now.toISOString());
    expect(initials(user)).toBe('AL');
  });
  it('falls back to the part of the email before @, unverified', () => {
    const user = userFromIdToken({ sub: 's2', email: 'grace.hopper@example.com', email_verified: 'false' }, now);
    expect(user.name).toBe('grace.hopper');
    expect(user.emailVerified).toBe(false);
    expect(initials(user)).toBe('GR');
  });
  it('treats the string true as verified, and social users as verified', () => {
    expect(userFromIdToken({ sub: 's', email: 'a@b.co', email_verified: 'true' }).emailVerified).toBe(true);
    const social = userFromIdToken({
      sub: 's',
      email: 'a@b.co',
      'cognito:username': 'google_1049',
      identities: [{ providerName: 'Google', userId: '1049' }],
    });
    expect(social.emailVerified).toBe(true);
    expect(social.socialProvider).toBe('google');
  });
  it('calls social only a user made by a Google or Microsoft sign-in, not a password account linked to one', () => {
    const google = [{ providerName: 'Google', userId: '1049' }];
    // A password account linked to Google: its own username (the sub), the identities claim on every token.
    const linked = { sub: 'f3a1', email: 'linda@example.com', email_verified: true, 'cognito:username': 'f3a1' };
    expect(userFromIdToken({ ...linked, identities: google }).socialProvider).toBeNull();
    expect(userFromIdToken({ ...linked, identities: JSON.stringify(google) }).socialProvider).toBeNull();
    // An address that happens to start like a provider's user name is still a password account.
    expect(userFromIdToken({ ...linked, 'cognito:username': 'google_fan@example.com' }).socialProvider).toBeNull();
    // The user a sign-in created: google_<id> in our pool, Google_<id> in AWS, azuread_<id> for Microsoft.
    expect(userFromIdToken({ sub: 's', 'cognito:username': 'google_1049', identities: google }).socialProvider).toBe('google');
    expect(
      userFromIdToken({ sub: 's', 'cognito:username': 'Google_1049', identities: JSON.stringify(google) }).socialProvider,
    ).toBe('google');
    expect(
      userFromIdToken({ sub: 's', 'cognito:username': 'azuread_m1', identities: [{ providerName: 'AzureAD', userId: 'm1' }] })
        .socialProvider,
    ).toBe('microsoft');
  });
  it('detects the login method from the identities claim', () => {
    expect(loginProvider({ sub: 's' })).toBe('password');
    expect(loginProvider({ sub: 's', identities: [{ providerName: 'Google' }] })).toBe('google');
    expect(loginProvider({ sub: 's', identities: [{ providerName: 'AzureAD' }] })).toBe('microsoft');
    expect(loginProvider({ sub: 's', identities: '[{"providerName":"Google"}]' })).toBe('google');
  });
  it('refuses a token it cannot parse', () => {
    expect(() => decodeJwtPayload('garbage')).toThrow();
    expect(() => decodeJwtPayload(jwt({ email: 'no-sub@example.com' }))).toThrow();
  });
  it('decodes UTF-8 names', () => {
    expect(userFromIdToken(decodeJwtPayload(jwtUtf8({ sub: 's', given_name: 'Zoë', family_name: 'Ångström' }))).name).toBe(
      'Zoë Ångström',
    );
  });
});

function jwtUtf8(claims: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const body = btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `e30.${body}.sig`;
}

describe('referral capture', () => {
  const now = Date.UTC(2026, 10, 21);
  it('captures the first parameter of each group', () => {
    expect(
      referralFromQuery('?partner=p1&ps_campaign=c1&ref=r1&referral=r2&utm_source=news&utm_medium=mail&utm_campaign=fall', now),
    ).toEqual({
      partnerId: 'p1',
      campaignId: 'c1',
      referralKey: 'r1',
      source: 'news',
      medium: 'mail',
      campaign: 'fall',
      timestamp: now,
    });
    expect(referralFromQuery('?ps_partner_key=pk&growsumo_key=g', now)).toEqual({
      partnerId: 'pk',
      referralKey: 'g',
      timestamp: now,
    });
  });
  it('ignores a page address without referral parameters', () => expect(referralFromQuery('?q=1', now)).toBeNull());
  it('keeps a stored referral for 30 days', () => {
    const stored = JSON.stringify({ partnerId: 'p', timestamp: now });
    expect(readStoredReferral(stored, now + 29 * 86_400_000)).toMatchObject({ partnerId: 'p' });
    expect(readStoredReferral(stored, now + 31 * 86_400_000)).toBeNull();
    expect(readStoredReferral('{broken', now)).toBeNull();
  });
});
