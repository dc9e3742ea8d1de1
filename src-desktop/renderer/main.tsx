import { Body1, FluentProvider, Title1 } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import { hireAssistTheme } from '../../src-shared/ui/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <FluentProvider theme={hireAssistTheme}>
    <main style={{ padding: 32 }}>
      <Title1 as="h1">HireAssist Console</Title1>
      <Body1 as="p">The operator console opens here once the admin area is built: leads, users and CSV export.</Body1>
    </main>
  </FluentProvider>,
);
