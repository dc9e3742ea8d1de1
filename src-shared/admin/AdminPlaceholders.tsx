import { Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' },
  locked: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    maxWidth: '1200px',
    margin: '0 auto',
    minHeight: '40vh',
    boxSizing: 'border-box',
  },
  note: { color: tokens.colorNeutralForeground3 },
});

/** A centred spinner for an admin screen that is getting ready. */
export function PageSpinnerInline({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Spinner label={label} />
    </div>
  );
}

/** What stays behind the password dialog: the screen's title and why it is empty. */
export function LockedScreen({ title }: { title: string }) {
  const styles = useStyles();
  return (
    <section className={styles.locked}>
      <Title2 as="h1">{title}</Title2>
      <p className={styles.note}>This page is for the site operator. Log in with the admin password to continue.</p>
    </section>
  );
}
