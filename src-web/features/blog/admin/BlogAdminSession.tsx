import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { AdminServicesProvider, type AdminServices } from '../../../../src-shared/admin/admin-services.tsx';
import { BLOG_HTML_TEXT, loginErrorText } from '../../../../src-shared/admin/messages.ts';
import { webAdminApi } from '../../admin/web-admin-api.ts';
import { webAdminTokenStore, webPlatform } from '../../admin/web-platform.ts';
import { ErrorBar } from '../../../../src-shared/ui/MessageBars.tsx';
import { AdminLoginRequestSchema } from '../../../../src-shared/domain/admin.ts';
import { maxLengthOf } from '../../../../src-shared/domain/schema-limits.ts';

const PASSWORD_PROMPT = 'Enter the admin password to generate static HTML pages.';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  form: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * The blog tools' admin session on the web. Admin mode itself shows no login (it is a client-side switch), so
 * with no stored token, or once the server refuses it, the panel asks for the password in
 * place instead of opening the admin area's dialog.
 */
export function BlogAdminSession({ children }: { children: ReactNode }) {
  const [needsLogin, setNeedsLogin] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void webAdminTokenStore.read().then((token) => current && setNeedsLogin(!token));
    return () => {
      current = false;
    };
  }, []);
  const services = useMemo<AdminServices>(
    () => ({
      api: webAdminApi,
      platform: webPlatform,
      sessionLost: () => {
        void webAdminTokenStore.clear();
        setNeedsLogin(true);
      },
    }),
    [],
  );
  if (needsLogin === null) return null;
  if (needsLogin) return <InlineAdminLogin onLoggedIn={() => setNeedsLogin(false)} />;
  return <AdminServicesProvider value={services}>{children}</AdminServicesProvider>;
}

function InlineAdminLogin({ onLoggedIn }: { onLoggedIn(): void }) {
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await webAdminApi.login(password);
    setBusy(false);
    if (outcome.ok) onLoggedIn();
    else setError(loginErrorText(outcome, 'users'));
  }

  return (
    <section className={styles.root} aria-labelledby="seo-html-login-title">
      <h2 id="seo-html-login-title" className={styles.heading}>
        {BLOG_HTML_TEXT.panelTitle}
      </h2>
      <ErrorBar message={error} />
      <form className={styles.form} onSubmit={(event) => void logIn(event)}>
        <Field label="Admin password" hint={PASSWORD_PROMPT}>
          <Input
            type="password"
            value={password}
            onChange={(_event, data) => setPassword(data.value)}
            autoComplete="current-password"
            maxLength={maxLengthOf(AdminLoginRequestSchema.properties.password)}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={password === '' || busy}>
          Log in
        </Button>
      </form>
    </section>
  );
}
