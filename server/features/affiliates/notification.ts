import { experienceLabel, type AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

/** Who the affiliate team's template greets (the template's to_name). */
const AFFILIATE_TEAM_NAME = 'HireAssist Affiliate Team';

/**
 * The mail to the affiliate team, with the EmailJS template's params (to_name, from_name,
 * from_email, company, website, experience, audience, motivation, reply_to) for a
 * template-based transport, and the same facts as plain text for SMTP.
 */
export function affiliateApplicationMail(application: AffiliateApplicationFields, to: string): OutgoingMail {
  const fromName = `${application.firstName} ${application.lastName}`;
  const templateParams = {
    to_name: AFFILIATE_TEAM_NAME,
    from_name: fromName,
    from_email: application.email,
    company: application.company,
    website: application.website,
    experience: experienceLabel(application.experience),
    audience: application.audience,
    motivation: application.motivation,
    reply_to: application.email,
  };
  const line = (label: string, value: string) => `${label}: ${value || '(not given)'}`;
  return {
    to,
    subject: `New affiliate application: ${fromName}`,
    kind: 'affiliate-application',
    // "Reply to this mail to answer the applicant": the team's reply goes to the applicant.
    replyTo: application.email,
    templateParams,
    text: [
      `Hello ${AFFILIATE_TEAM_NAME},`,
      '',
      'A new affiliate application arrived. Reply to this mail to answer the applicant.',
      '',
      line('Name', fromName),
      line('Email', application.email),
      line('Company', application.company),
      line('Website', application.website),
      line('Experience', templateParams.experience),
      '',
      'Audience:',
      application.audience || '(not given)',
      '',
      'Why they want to join:',
      application.motivation || '(not given)',
    ].join('\n'),
  };
}
