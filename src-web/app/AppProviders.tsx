import { FluentProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { hireAssistTheme } from '../../src-shared/ui/theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return <FluentProvider theme={hireAssistTheme}>{children}</FluentProvider>;
}
