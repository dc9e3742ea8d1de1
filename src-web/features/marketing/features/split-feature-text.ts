/**
 * Splits a feature card's source text at its dash separator ("Title - Description") into
 * its title and description. Text without a separator is all title.
 */
export function splitFeatureText(text: string): { title: string; description: string } {
  const match = /\s+[-–—]\s+/.exec(text);
  if (!match) return { title: text.trim(), description: '' };
  return { title: text.slice(0, match.index).trim(), description: text.slice(match.index + match[0].length).trim() };
}
