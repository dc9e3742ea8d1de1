import { FluentProvider } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BlogListPage } from '../../../src-web/features/blog/BlogListPage.tsx';
import { BlogPostPage } from '../../../src-web/features/blog/BlogPostPage.tsx';
import { hireAssistTheme } from '../../../src-shared/ui/theme.ts';
import type { createFakeBlogServer } from './fake-blog-server.ts';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The blog's pages under a router at `path`, with the page's fetch answered by `server`. */
export function renderBlog(path: string, server: ReturnType<typeof createFakeBlogServer>) {
  vi.stubGlobal('fetch', server.fetch);
  window.scrollTo = () => {};
  return render(
    <FluentProvider theme={hireAssistTheme}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/blog" element={<BlogListPage />} />
          <Route path="/blog/:slug" element={<BlogPostPage />} />
        </Routes>
        <footer>
          <p>Footer text</p>
        </footer>
        <Location />
      </MemoryRouter>
    </FluentProvider>,
  );
}
