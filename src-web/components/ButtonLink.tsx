import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useClientNavigation } from './use-client-navigation.ts';

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  className?: string;
}

/** A Fluent button that is a real link to a page of the app. */
export function ButtonLink({ to, ...props }: ButtonLinkProps) {
  const go = useClientNavigation();
  return <Button {...props} as="a" href={to} onClick={go(to)} />;
}
