/** The attribute Fluent components style their keyboard focus ring with (react-tabster's FOCUS_VISIBLE_ATTR). */
const FOCUS_VISIBLE_ATTR = 'data-fui-focus-visible';

/**
 * Marks the focused element the way FluentProvider's focus-visible polyfill does, so Fluent
 * components show their focus ring for keyboard users without FluentProvider on the page.
 * The browser's own :focus-visible decides, which is the heuristic the polyfill imitates.
 */
export function installFocusVisibleAttribute(doc: Document): void {
  doc.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && target.matches(':focus-visible')) target.setAttribute(FOCUS_VISIBLE_ATTR, '');
  });
  doc.addEventListener('focusout', (event) => {
    if (event.target instanceof HTMLElement) event.target.removeAttribute(FOCUS_VISIBLE_ATTR);
  });
}
