import { Button, Field, Input, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { generateAllHtml } from '../../../../src-shared/api/blog/generate-all-html.ts';
import { BlogApiError } from '../../../../src-shared/api/blog/http.ts';
import { listPosts } from '../../../../src-shared/api/blog/list-posts.ts';
import { savePostHtml } from '../../../../src-shared/api/blog/save-post-html.ts';
import type { BlogPost } from '../../../../src-shared/domain/blog-post.ts';
import { BLOG } from '../../../../src-shared/domain/constants.ts';
import { blogHttp } from '../blog-http.ts';
import { displayTitle } from '../post-display.ts';

/** How the panel gets and renews the admin token; the admin area provides it. */
export interface AdminAuth {
  readToken(): Promise<string | null>;
  clearToken(): Promise<void>;
  /** Logs in and stores the token; resolves to an error message, or null on success. */
  login(password: string): Promise<string | null>;
}

export const PANEL_TEXT = {
  title: 'SEO HTML',
  generateAll: 'Generate All HTML',
  generateAllFailed: 'Failed to generate HTML files. Check console for details.',
  passwordPrompt: 'Enter the admin password to generate static HTML pages.',
} as const;

export const generateAllSummary = (success: number, errors: number) =>
  `HTML generation finished: ${success} succeeded, ${errors} failed.`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    maxHeight: '260px',
    overflowY: 'auto',
  },
  rowButton: { flexShrink: 0 },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
  rowTitle: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200,
  },
  notice: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: '4px solid',
  },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, borderLeftColor: tokens.colorPaletteGreenBorder2 },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1, borderLeftColor: tokens.colorPaletteYellowBorder2 },
  error: { backgroundColor: tokens.colorPaletteRedBackground1, borderLeftColor: tokens.colorPaletteRedBorder2 },
  login: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Notice = { intent: 'success' | 'error' | 'warning'; text: string } | null;

/** The SEO HTML panel (spec §2): 'Generate All HTML' and a generate button per post. */
export function SeoHtmlPanel({ currentSlug, auth, onGenerated }: { currentSlug: string; auth: AdminAuth; onGenerated(): void }) {
  const styles = useStyles();
  const [posts, setPosts] = useState<BlogPost[]>([]);
  const [needsLogin, setNeedsLogin] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let current = true;
    void auth.readToken().then((token) => current && setNeedsLogin(!token));
    listPosts(blogHttp, { page: 1, perPage: BLOG.slugLookupPerPage, status: 'published' }).then(
      (list) => current && setPosts(list.data),
      (error: unknown) => console.error('Could not list posts for the SEO HTML panel', error),
    );
    return () => {
      current = false;
    };
  }, [auth]);

  /** Runs an admin call; a 401 means the token is gone or expired, so the panel asks for the password. */
  async function withToken<T>(call: (token: string | null) => Promise<T>): Promise<T | undefined> {
    try {
      return await call(await auth.readToken());
    } catch (error) {
      if (error instanceof BlogApiError && error.status === 401) {
        await auth.clearToken();
        setNeedsLogin(true);
      }
      throw error;
    }
  }

  async function generateAll() {
    setBusy('all');
    setNotice(null);
    try {
      const token = await auth.readToken();
      const { success, errors } = await generateAllHtml(blogHttp, token);
      if (errors > 0 && success === 0 && !token) setNeedsLogin(true);
      setNotice({ intent: errors === 0 ? 'success' : 'warning', text: generateAllSummary(success, errors) });
      onGenerated();
    } catch (error) {
      console.error('Generate All HTML failed', error);
      setNotice({ intent: 'error', text: PANEL_TEXT.generateAllFailed });
    } finally {
      setBusy(null);
    }
  }

  async function generateOne(post: BlogPost) {
    setBusy(post.slug);
    setNotice(null);
    try {
      await withToken((token) => savePostHtml(blogHttp, post, token));
      setNotice({ intent: 'success', text: `HTML generated for "${displayTitle(post)}".` });
      if (post.slug === currentSlug) onGenerated();
    } catch (error) {
      console.error(`Generating HTML for ${post.slug} failed`, error);
      setNotice({
        intent: 'error',
        text: error instanceof Error ? error.message : `Could not generate HTML for "${displayTitle(post)}".`,
      });
    } finally {
      setBusy(null);
    }
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    setBusy('login');
    const error = await auth.login(password);
    setBusy(null);
    if (error) {
      setNotice({ intent: 'error', text: error });
    } else {
      setPassword('');
      setNeedsLogin(false);
      setNotice(null);
    }
  }

  return (
    <section className={styles.root} aria-labelledby="seo-html-title">
      <h2 id="seo-html-title" className={styles.heading}>
        {PANEL_TEXT.title}
      </h2>
      {notice && (
        <p className={mergeClasses(styles.notice, styles[notice.intent])} role="alert">
          {notice.text}
        </p>
      )}
      {needsLogin ? (
        <form className={styles.login} onSubmit={logIn}>
          <Field label="Admin password" hint={PANEL_TEXT.passwordPrompt}>
            <Input
              type="password"
              value={password}
              onChange={(_event, data) => setPassword(data.value)}
              autoComplete="current-password"
            />
          </Field>
          <Button type="submit" appearance="primary" disabled={password === '' || busy !== null}>
            Log in
          </Button>
        </form>
      ) : (
        <>
          <div>
            <Button
              appearance="primary"
              onClick={generateAll}
              disabled={busy !== null}
              icon={busy === 'all' ? <Spinner size="tiny" /> : undefined}
            >
              {PANEL_TEXT.generateAll}
            </Button>
          </div>
          <ul className={styles.list} aria-label="Generate HTML per post">
            {posts.map((post) => (
              <li key={post.id} className={styles.row}>
                <span className={styles.rowTitle}>{displayTitle(post)}</span>
                <Button
                  className={styles.rowButton}
                  size="small"
                  onClick={() => generateOne(post)}
                  disabled={busy !== null}
                  aria-label={`Generate HTML for ${displayTitle(post)}`}
                >
                  Generate
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
