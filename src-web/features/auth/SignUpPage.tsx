import { Body1, Button, Card, Spinner, Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, OpenRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useGoBack } from '../../components/use-go-back.ts';
import { loadPublicConfig } from '../../components/public-config.ts';
import { useEmbedFailure } from '../../components/use-embed-failure.ts';
import { useAuthDialog } from './auth-dialog-state.tsx';

const useStyles = makeStyles({
  page: {
    maxWidth: '1040px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  // Fluent's button centres its content in a 96 px minimum and pads it: the arrow stood some 20 px
  // right of the heading below it. Shrunk to its content and pulled back by its padding and
  // border, the arrow starts where the heading does.
  back: {
    minWidth: 'auto',
    marginLeft: `calc(-1 * (${tokens.spacingHorizontalM} + ${tokens.strokeWidthThin}))`,
  },
  frame: {
    width: '100%',
    height: '80vh',
    minHeight: '560px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  fallback: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
  },
});

/**
 * /signup: the external application's sign-up form in an iframe, with a fallback when it does
 * not load; with no external form configured, the built-in sign-up dialog instead.
 */
export function SignUpPage() {
  const styles = useStyles();
  const goBack = useGoBack(PATHS.home);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const frame = useRef<HTMLIFrameElement>(null);
  const failed = useEmbedFailure(frame, url);
  const { openAuthDialog } = useAuthDialog();
  useDocumentTitle('Sign Up');

  useEffect(() => {
    loadPublicConfig()
      .then((config) => setUrl(config.accounts?.signupEmbedUrl ?? null))
      .catch(() => setUrl(null));
  }, []);

  return (
    <div className={styles.page}>
      <div>
        <Button appearance="subtle" className={styles.back} icon={<ArrowLeftRegular />} onClick={goBack}>
          Back
        </Button>
      </div>
      <Title2 as="h1">Sign Up</Title2>
      {url === undefined && <Spinner label="Loading the sign-up form…" />}
      {url && !failed && (
        <iframe
          className={styles.frame}
          src={url}
          title="Sign-up form"
          ref={frame}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
      {url === null && (
        <Card className={styles.fallback}>
          <Subtitle1 as="h2">Create your HireAssist account here</Subtitle1>
          <Button appearance="primary" onClick={() => openAuthDialog('signup')}>
            Sign Up
          </Button>
        </Card>
      )}
      {url && failed && (
        <Card className={styles.fallback} role="alert">
          <Subtitle1 as="h2">{ACCOUNT_MESSAGES.signupEmbedFailed}</Subtitle1>
          <Body1>{ACCOUNT_MESSAGES.signupEmbedRestricted}</Body1>
          <Button as="a" appearance="primary" icon={<OpenRegular />} href={url} target="_blank" rel="noopener noreferrer">
            Open in New Tab
          </Button>
        </Card>
      )}
    </div>
  );
}
