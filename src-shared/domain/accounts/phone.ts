/**
 * Formats a US phone number as it is typed: (555) 123-4567. Only the first ten digits
 * count; anything that is not a digit is dropped.
 */
export function formatPhoneInput(input: string): string {
  const digits = phoneDigits(input).slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What is sent: digits only (the sign-up's phone_number). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * The identity service stores phone numbers in E.164 (+15551234567). A ten-digit number
 * is taken as a US one; a number typed with its own + keeps its country code.
 */
export function toE164(input: string): string {
  const digits = phoneDigits(input);
  if (digits === '') return '';
  if (input.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** Shows a stored +15551234567 the way the form formats it. */
export function fromE164(stored: string | undefined): string {
  if (!stored) return '';
  const digits = phoneDigits(stored);
  return digits.length === 11 && digits.startsWith('1') ? formatPhoneInput(digits.slice(1)) : stored;
}
