import { Body1, Button, Card, Spinner, Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, OpenRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { loadPublicConfig } from '../../components/public-config.ts';

/** How long the embedded form may take before the fallback shows. */
const EMBED_TIMEOUT_MS = 15_000;

const useStyles = makeStyles({
  page: {
    maxWidth: '1040px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
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

/** /signup: the external application's sign-up form in an iframe, with a fallback (spec §2 Sign Up page). */
export function SignUpPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useDocumentTitle('Sign Up');

  // A frame that errors, or never loads, gets the fallback (React has no onError for iframes).
  useEffect(() => {
    const element = frame.current;
    if (!url || !element) return;
    let loaded = false;
    const onLoad = () => (loaded = true);
    const onError = () => setFailed(true);
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    const timer = setTimeout(() => !loaded && setFailed(true), EMBED_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
    };
  }, [url]);
  useEffect(() => {
    loadPublicConfig()
      .then((config) => setUrl(config.accounts?.signupEmbedUrl ?? null))
      .catch(() => setUrl(null));
  }, []);

  return (
    <div className={styles.page}>
      <div>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => void navigate(-1)}>
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
      {(url === null || failed) && (
        <Card className={styles.fallback} role="alert">
          <Subtitle1 as="h2">{ACCOUNT_MESSAGES.signupEmbedFailed}</Subtitle1>
          <Body1>{ACCOUNT_MESSAGES.signupEmbedRestricted}</Body1>
          {url && (
            <Button as="a" appearance="primary" icon={<OpenRegular />} href={url} target="_blank" rel="noopener noreferrer">
              Open in New Tab
            </Button>
          )}
        </Card>
      )}
    </div>
  );
}
