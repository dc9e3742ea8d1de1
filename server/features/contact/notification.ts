import type { ContactFormFields } from '../../../src-shared/domain/contact.ts';

/** The mail that tells the team about a new message; EmailJS templates read the same four fields. */
export function contactNotification(message: ContactFormFields, to: string) {
  const subject = message.subject || 'New message';
  return {
    to,
    kind: 'contact-notification',
    subject: `Contact form: ${subject}`,
    // The team answers the visitor by replying, not the site's no-reply sender.
    replyTo: message.email,
    text: `${message.name} <${message.email}> wrote through the contact form.\n\nSubject: ${subject}\n\n${message.message}\n`,
    templateParams: { name: message.name, email: message.email, subject: message.subject, message: message.message },
  };
}
