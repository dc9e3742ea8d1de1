/** The contact form's texts: the product's fixed wording, word for word. */
export const CONTACT_MESSAGES = {
  success: "Your message has been sent successfully! We'll get back to you soon.",
  failure: 'There was an error sending your message. Please try again later.',
} as const;
