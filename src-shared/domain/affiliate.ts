import { Type, type Static } from 'typebox';
import { AFFILIATE_PROGRAM } from './constants.ts';
import { ONE_LINE_PATTERN, requiredOneLine } from './one-line.ts';

/** Longest accepted value of each affiliate form field; the form's inputs use the same limits. */
export const AFFILIATE_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  website: 500,
  audience: 2000,
  motivation: 2000,
} as const;

export type ExperienceBand = (typeof AFFILIATE_PROGRAM.experienceBands)[number]['value'];

const Experience = Type.Union([Type.Literal('beginner'), Type.Literal('intermediate'), Type.Literal('advanced')]);
// The schema's bands and the shared constants must name the same values.
const _sameBands: Static<typeof Experience> extends ExperienceBand
  ? ExperienceBand extends Static<typeof Experience>
    ? true
    : never
  : never = true;
/** One line of text (the shared rule, one-line.ts): a break in a name, company or website would write lines of its own into the affiliate team's mail. */
const oneLine = (maxLength: number) => Type.String({ maxLength, pattern: ONE_LINE_PATTERN });

/** The fields the form takes on one line: the browser folds them, the server refuses a break in them (one-line.ts). */
export const AFFILIATE_ONE_LINE_FIELDS = ['firstName', 'lastName', 'email', 'company', 'website'] as const;

/** `POST /api/affiliates/applications` body: what the affiliates page's form sends. */
export const AffiliateApplicationRequestSchema = Type.Object(
  {
    firstName: requiredOneLine(AFFILIATE_LIMITS.firstName),
    lastName: requiredOneLine(AFFILIATE_LIMITS.lastName),
    email: Type.String({ format: 'email', maxLength: AFFILIATE_LIMITS.email }),
    company: Type.Optional(oneLine(AFFILIATE_LIMITS.company)),
    website: Type.Optional(oneLine(AFFILIATE_LIMITS.website)),
    /** Empty when the applicant did not choose a band. */
    experience: Type.Optional(Type.Union([Experience, Type.Literal('')])),
    audience: Type.Optional(Type.String({ maxLength: AFFILIATE_LIMITS.audience })),
    motivation: Type.Optional(Type.String({ maxLength: AFFILIATE_LIMITS.motivation })),
  },
  { additionalProperties: false },
);
export type AffiliateApplicationRequest = Static<typeof AffiliateApplicationRequestSchema>;
export type AffiliateApplicationFields = Required<AffiliateApplicationRequest>;

export const AffiliateApplicationReplySchema = Type.Object({ success: Type.Literal(true) });

/** An application as the operator sees it. */
export const AffiliateApplicationSchema = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  company: Type.String(),
  website: Type.String(),
  experience: Type.Union([Experience, Type.Literal('')]),
  audience: Type.String(),
  motivation: Type.String(),
  createdAt: Type.String(),
});
export type AffiliateApplication = Static<typeof AffiliateApplicationSchema>;
/** The label of a band, or the empty string for none. */
export function experienceLabel(value: ExperienceBand | ''): string {
  return AFFILIATE_PROGRAM.experienceBands.find((band) => band.value === value)?.label ?? '';
}

/** The affiliate form's fixed messages. */
export const AFFILIATE_MESSAGES = {
  success: "Application submitted successfully! We'll review your application and get back to you within 2-3 business days.",
  failure: (email: string) => `Failed to submit application. Please try again or contact us directly at ${email}`,
} as const;
