import { Body1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from './use-document-title.ts';

const useStyles = makeStyles({
  root: {
    maxWidth: '760px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minHeight: '50vh',
  },
});

/** A page whose content is still being built: its title and what is coming, never a blank screen. */
export function UpcomingPage({ title, description }: { title: string; description: string }) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <section className={styles.root}>
      <Title1 as="h1">{title}</Title1>
      <Body1>{description}</Body1>
    </section>
  );
}
