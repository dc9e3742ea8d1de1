import { Type, type Static } from 'typebox';

/**
 * The accounts API between the web app and our server (the audit reports, plus the
 * endpoints issue 5 adds). Every call carries the caller's id token, which the server verifies.
 */
const IdToken = Type.String({ minLength: 1, maxLength: 8192 });

const LoginProviderSchema = Type.Union([Type.Literal('google'), Type.Literal('microsoft'), Type.Literal('password')]);

export const AuditLoginRequestSchema = Type.Object(
  { idToken: IdToken, provider: LoginProviderSchema },
  { additionalProperties: false },
);

export const PROFILE_AUDIT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type ProfileAuditField = (typeof PROFILE_AUDIT_FIELDS)[number];
const Change = Type.Object(
  { old: Type.String({ maxLength: 320 }), new: Type.String({ maxLength: 320 }) },
  { additionalProperties: false },
);

export const AuditProfileRequestSchema = Type.Object(
  {
    idToken: IdToken,
    changes: Type.Object(Object.fromEntries(PROFILE_AUDIT_FIELDS.map((field) => [field, Type.Optional(Change)])), {
      additionalProperties: false,
      minProperties: 1,
    }),
  },
  { additionalProperties: false },
);
/** `{field: {old, new}}` for each changed field: the profile-change audit's record. */
export type ProfileChanges = Partial<Record<ProfileAuditField, { old: string; new: string }>>;

/** `{ok, error}`: the audit reports' answer. */
export const AuditReplySchema = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });
export type AuditReply = Static<typeof AuditReplySchema>;

const Text = Type.String({ maxLength: 200 });
/**
 * The last millisecond of the year 9999, in ms since 1970: the latest time the server can store.
 * A JavaScript Date goes on to the year 275760, but a later one is written as '+010000-…',
 * which PGlite refuses (a 500) and PostgreSQL would store as a nonsense capture time.
 */
const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const ReferralRequestSchema = Type.Object(
  {
    idToken: IdToken,
    referral: Type.Object(
      {
        partnerId: Type.Optional(Text),
        campaignId: Type.Optional(Text),
        referralKey: Type.Optional(Text),
        source: Type.Optional(Text),
        medium: Type.Optional(Text),
        campaign: Type.Optional(Text),
        /** When the link was followed, in ms since 1970: within what the database stores. */
        timestamp: Type.Number({ minimum: 0, maximum: LAST_STORABLE_MS }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ReferralRequest = Static<typeof ReferralRequestSchema>;

/** Where a sign-up started, recorded as the lead's source. */
export const SignUpSourceSchema = Type.Union([
  Type.Literal('hero_cta'),
  Type.Literal('header_login'),
  Type.Literal('pricing_cta'),
  Type.Literal('auth_dialog'),
]);
export type SignUpSource = Static<typeof SignUpSourceSchema>;
export const SignUpLeadRequestSchema = Type.Object(
  { idToken: IdToken, source: SignUpSourceSchema },
  { additionalProperties: false },
);

export const OkReplySchema = Type.Object({ ok: Type.Literal(true) });

/**
 * The answer to a sign-up lead report. `signingUp`: whether the account is still signing up
 * with no referral recorded, so the sign-up's referral should follow. True on the 201 that
 * recorded the lead, and on a 200 to the same report sent again after that 201 was lost (a
 * dropped connection): the referral is not lost with it. False for a returning customer.
 */
export const SignUpLeadReplySchema = Type.Object({ ok: Type.Literal(true), signingUp: Type.Boolean() });

export const PartnerSsoRequestSchema = Type.Object({ idToken: IdToken }, { additionalProperties: false });
export const PartnerSsoReplySchema = Type.Object({ url: Type.String() });

/** The account's preferences that the product uses (GET/PUT /api/account/preferences). */
export const PreferencesSchema = Type.Object({ marketingEmails: Type.Boolean() }, { additionalProperties: false });
export type Preferences = Static<typeof PreferencesSchema>;

export const RecentSignInSchema = Type.Object({
  /** The sign-in's own key: concurrent sign-ins are stored in one batch, at one `at`. */
  id: Type.String(),
  at: Type.String(),
  method: LoginProviderSchema,
  client: Type.String(),
});
export type RecentSignIn = Static<typeof RecentSignInSchema>;
export const RecentSignInsReplySchema = Type.Object({ signIns: Type.Array(RecentSignInSchema) });

export const ErrorReplySchema = Type.Object({ error: Type.String() });
