/** Whether the visitor asked their system for less motion: scrolls jump and carousels stay put. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
