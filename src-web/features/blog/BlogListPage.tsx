import { Body1, Button, Field, Input, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { loadPostsWithCache } from '../../../src-shared/api/blog/list-cache.ts';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { usePageMeta } from '../../components/seo.tsx';
import { BlogCard } from './BlogCard.tsx';
import { blogHttp } from './blog-http.ts';
import { allKeywords, filterPosts, pageCount, pageOf } from './list-rules.ts';
import { Pagination } from './Pagination.tsx';

export const LIST_TEXT = {
  title: 'Blog',
  intro: 'Practical advice on hiring, recruiting and getting the most from AI in your search.',
  description:
    'Articles for employers and recruiters on job descriptions, interviewing, screening, hiring metrics and using AI to hire faster.',
  loading: 'Loading posts…',
  errorTitle: 'Error Loading Blog',
  errorDefault: 'Failed to fetch posts',
  tryAgain: 'Try Again',
  emptyTitle: 'No posts found',
  emptyFiltered: 'No results found for your current filters. Try adjusting your search criteria.',
  emptyNone: 'No posts available at the moment.',
  allKeywords: 'All keywords',
  clearFilters: 'Clear Filters',
} as const;

const useStyles = makeStyles({
  page: {
    // The page fills the screen from the start, so the footer is not pushed down (layout shift) when the posts arrive.
    minHeight: '100vh',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
  },
  hero: { textAlign: 'center', marginBottom: tokens.spacingVerticalXL },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    color: tokens.colorBrandForeground1,
  },
  intro: {
    display: 'block',
    textAlign: 'center',
    marginTop: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
  },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
    '@media (max-width: 700px)': { gridTemplateColumns: '1fr' },
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    marginBottom: tokens.spacingVerticalXXL,
    '@media (max-width: 400px)': { gridTemplateColumns: '1fr' },
  },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} 0`,
    textAlign: 'center',
  },
  stateText: { textAlign: 'center', maxWidth: '560px' },
  stateTitle: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
});

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; posts: BlogPost[] };

/** /blog (spec §2 "Blog list"): search, keyword filter, 9 cards a page, with the list cache of §4. */
export function BlogListPage() {
  const styles = useStyles();
  usePageMeta({ title: LIST_TEXT.title, description: LIST_TEXT.description });
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    let current = true;
    loadPostsWithCache({ http: blogHttp, storage: localStorage, now: Date.now }).then(
      ({ posts }) => current && setLoad({ status: 'ready', posts }),
      (error: unknown) =>
        current && setLoad({ status: 'failed', message: (error instanceof Error && error.message) || LIST_TEXT.errorDefault }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const tryAgain = () => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  };

  const posts = useMemo(() => (load.status === 'ready' ? load.posts : []), [load]);
  const keywords = useMemo(() => allKeywords(posts), [posts]);
  const filtered = useMemo(() => filterPosts(posts, search, keyword), [posts, search, keyword]);
  const pages = pageCount(filtered.length);
  const shown = pageOf(filtered, Math.min(page, pages));

  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <section className={styles.page} aria-labelledby="blog-title">
      <header className={styles.hero}>
        <h1 id="blog-title" className={styles.title}>
          {LIST_TEXT.title}
        </h1>
        <Body1 className={styles.intro}>{LIST_TEXT.intro}</Body1>
      </header>

      <div className={styles.filters} role="search">
        <Field label="Search posts">
          <Input
            type="search"
            contentBefore={<SearchRegular aria-hidden />}
            placeholder="Search by title, topic or keyword"
            value={search}
            onChange={(_event, data) => {
              setSearch(data.value);
              setPage(1);
            }}
          />
        </Field>
        <Field label="Keyword">
          <Select
            value={keyword}
            onChange={(_event, data) => {
              setKeyword(data.value);
              setPage(1);
            }}
          >
            <option value="">{LIST_TEXT.allKeywords}</option>
            {keywords.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          disabled={!search && !keyword}
          onClick={() => {
            setSearch('');
            setKeyword('');
            setPage(1);
          }}
        >
          {LIST_TEXT.clearFilters}
        </Button>
      </div>

      {load.status === 'loading' && (
        <div className={styles.state}>
          <Spinner label={LIST_TEXT.loading} />
        </div>
      )}

      {load.status === 'failed' && (
        <div className={styles.state} role="alert">
          <h2 className={styles.stateTitle}>{LIST_TEXT.errorTitle}</h2>
          <Body1 className={styles.stateText}>{load.message}</Body1>
          <Button appearance="primary" onClick={tryAgain}>
            {LIST_TEXT.tryAgain}
          </Button>
        </div>
      )}

      {load.status === 'ready' && filtered.length === 0 && (
        <div className={styles.state} role="status">
          <h2 className={styles.stateTitle}>{LIST_TEXT.emptyTitle}</h2>
          <Body1 className={styles.stateText}>{search || keyword ? LIST_TEXT.emptyFiltered : LIST_TEXT.emptyNone}</Body1>
        </div>
      )}

      {shown.length > 0 && (
        <>
          <div className={styles.grid}>
            {shown.map((post, index) => (
              <BlogCard key={post.id} post={post} eager={index < 3} />
            ))}
          </div>
          <Pagination page={Math.min(page, pages)} count={pages} onChange={changePage} />
        </>
      )}
    </section>
  );
}
