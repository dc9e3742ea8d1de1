import type { ReactNode } from 'react';
import { buttonClasses, cx } from './button-styles.ts';
import styles from './ButtonLink.module.css';
import { useClientNavigation } from './use-client-navigation.ts';

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  /** Fluent's button appearances, as button.module.css draws them; `outline` is Fluent's default (secondary) look. */
  appearance?: 'primary' | 'outline' | 'subtle';
  /** Shown before the text, e.g. an icon from icons.tsx. */
  icon?: ReactNode;
  className?: string;
  /** Router state for the page it opens (useClientNavigation). */
  state?: unknown;
}

/**
 * A link to a page of the app that looks like a Fluent button. Plain static CSS rather than
 * Fluent's Button, so the pages that use it do not load Fluent and its CSS-in-JS engine first.
 */
export function ButtonLink({ to, children, appearance = 'outline', icon, className, state }: ButtonLinkProps) {
  const go = useClientNavigation();
  return (
    <a
      className={cx(
        buttonClasses.base,
        buttonClasses[appearance],
        styles.link,
        appearance === 'subtle' && styles.subtle,
        className,
      )}
      href={to}
      onClick={go(to, state)}
    >
      {icon}
      {children}
    </a>
  );
}
