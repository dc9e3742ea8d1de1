import { Type, type Static } from 'typebox';
import { AFFILIATE_PROGRAM } from './constants.ts';

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
/**
 * One line of text: no line break nor other control character (a tab aside). A break in a name,
 * company or website would write lines of its own ("Email: …") into the affiliate team's mail.
 */
const LINE = '[^\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f\\u2028\\u2029]*';
const oneLine = (maxLength: number) => Type.String({ maxLength, pattern: `^${LINE}$` });
const ONE_LINE = new RegExp(`^${LINE}$`, 'u');
/** Whether a name, company or website is one line, as the server requires. */
export const isOneLine = (value: string): boolean => ONE_LINE.test(value);
/** Required one-line text: at least one character that is not a space. */
const required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: `^(?=\\s*\\S)${LINE}$` });

/** `POST /api/affiliates/applications` body: what the affiliates page's form sends. */
export const AffiliateApplicationRequestSchema = Type.Object(
  {
    firstName: required(AFFILIATE_LIMITS.firstName),
    lastName: required(AFFILIATE_LIMITS.lastName),
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
