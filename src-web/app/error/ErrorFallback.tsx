import { Button, FluentProvider, Title1, Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useRouteError } from 'react-router-dom';
import { hireAssistTheme } from '../../../src-shared/ui/theme.ts';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  details: {
    maxWidth: '720px',
    overflowX: 'auto',
    textAlign: 'left',
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** The screen shown when the interface fails (the error boundary's fallback). */
export function ErrorFallback() {
  const styles = useStyles();
  const error = useRouteError();
  return (
    <FluentProvider theme={hireAssistTheme}>
      <main className={styles.root}>
        <Title1 as="h1">Oops! Something went wrong</Title1>
        <Body1>We hit an unexpected problem showing this page. Reloading usually fixes it.</Body1>
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          <Button as="a" href="/">
            Go Home
          </Button>
        </div>
        {import.meta.env.DEV && (
          <pre className={styles.details} data-testid="error-details">
            {error instanceof Error ? (error.stack ?? error.message) : String(error)}
          </pre>
        )}
      </main>
    </FluentProvider>
  );
}
