import { Type, type Static } from 'typebox';
import { ONE_LINE_PATTERN, requiredOneLine } from './one-line.ts';

/** Longest accepted value of each contact form field; the form's inputs use the same limits. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  honeypot: 500,
} as const;

/**
 * A field people never see and bots fill in: a request that fills it is answered like a
 * success and stored nowhere. Its name looks like a field worth filling to a bot.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * The fields the form takes on one line: the notice mail prints each as one line of its own.
 * The browser folds a break in them, the server refuses one (one-line.ts).
 */
export const CONTACT_ONE_LINE_FIELDS = ['name', 'email', 'subject'] as const;

/** `POST /api/contact` body: the contact form's name, email, subject and message. */
export const ContactRequestSchema = Type.Object(
  {
    name: requiredOneLine(CONTACT_LIMITS.name),
    email: Type.String({ format: 'email', maxLength: CONTACT_LIMITS.email }),
    subject: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.subject, pattern: ONE_LINE_PATTERN })),
    message: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.message }),
    [CONTACT_HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.honeypot })),
  },
  { additionalProperties: false },
);
export type ContactRequest = Static<typeof ContactRequestSchema>;

/** The fields a visitor fills in; the honeypot is the form's business, not the visitor's. */
export type ContactFormFields = Required<Omit<ContactRequest, typeof CONTACT_HONEYPOT_FIELD>>;
export type ContactField = keyof ContactFormFields;

export const ContactReplySchema = Type.Object({ ok: Type.Literal(true) });
export type ContactReply = Static<typeof ContactReplySchema>;

/** A 400 from `POST /api/contact`: the sentence, and what is wrong with each field by its name. */
export const ContactRejectionSchema = Type.Object({
  error: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ContactRejection = Static<typeof ContactRejectionSchema>;
