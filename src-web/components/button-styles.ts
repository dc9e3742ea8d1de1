import buttonClasses from './button.module.css';

/** Joins class names, skipping the false and undefined ones (a light `mergeClasses` for static CSS). */
export function cx(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Fluent's button look for plain <button> and <a> elements (see button.module.css):
 * `base` plus one of `primary`, `outline` or `subtle`, optionally `large` or `icon`.
 */
export { buttonClasses };
