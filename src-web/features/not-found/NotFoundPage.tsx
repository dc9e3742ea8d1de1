import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

const useStyles = makeStyles({
  root: {
    minHeight: '60vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
  },
  code: { fontSize: '96px', lineHeight: 1, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, margin: 0 },
  title: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, margin: 0 },
});

/** The catch-all page for an address the app does not know. */
export function NotFoundPage() {
  const styles = useStyles();
  useDocumentTitle('Page not found');
  return (
    <section className={styles.root}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Oops! Page Not Found.</h1>
      {/* Fluent text sets itself flush left, which would leave a wrapped line hanging off the centred page. */}
      <Body1 align="center">The page you are looking for has moved or never existed.</Body1>
      <ButtonLink appearance="primary" to="/">
        Go to Homepage
      </ButtonLink>
    </section>
  );
}
