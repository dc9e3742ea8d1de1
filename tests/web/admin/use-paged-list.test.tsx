import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminServicesProvider, type AdminServices } from '../../../src-shared/admin/admin-services.tsx';
import { usePagedList } from '../../../src-shared/admin/use-paged-list.ts';
import type { AdminOutcome } from '../../../src-shared/api/admin/client.ts';
import type { ListPage } from '../../../src-shared/domain/admin-lists.ts';

/**
 * The list hook's ordering rules with answers the test releases in any order (a slow server
 * answering an old search after a new one): the newest query's answer is the one shown.
 */
type Query = { q: string; cursor?: string };
function deferredLoader() {
  const calls: { query: Query; resolve(outcome: AdminOutcome<ListPage<string>>): void }[] = [];
  const load = (query: Query) =>
    new Promise<AdminOutcome<ListPage<string>>>((resolve) => {
      calls.push({ query, resolve });
    });
  return { calls, load };
}
const page = (items: string[], nextCursor: string | null = null, total: number | null = items.length) =>
  ({ ok: true, value: { items, nextCursor, total, totalIsEstimate: false } }) as const;

const services = { api: {}, platform: {}, sessionLost: () => {} } as unknown as AdminServices;
const wrapper = ({ children }: { children: ReactNode }) => (
  <AdminServicesProvider value={services}>{children}</AdminServicesProvider>
);

describe('usePagedList', () => {
  it("never lets an older search's answer overwrite a newer one", async () => {
    const { calls, load } = deferredLoader();
    const { result, rerender } = renderHook(({ query }) => usePagedList(load, query), {
      wrapper,
      initialProps: { query: { q: 'a' } },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ query: { q: 'ab' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.resolve(page(['ab-1'])));
    await act(async () => calls[0]?.resolve(page(['a-1', 'a-2'])));
    expect(result.current.state).toMatchObject({ phase: 'ready', items: ['ab-1'], total: 1 });
  });

  it('appends the next page once, keeps the first page total, and drops a page of a search that changed', async () => {
    const { calls, load } = deferredLoader();
    const { result, rerender } = renderHook(({ query }) => usePagedList(load, query), {
      wrapper,
      initialProps: { query: { q: '' } },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.resolve(page(['1', '2'], 'c2', 4)));
    await act(async () => {
      void result.current.loadMore();
      void result.current.loadMore(); // a second call while the page is on its way asks nothing
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.query).toEqual({ q: '', cursor: 'c2' });
    await act(async () => calls[1]?.resolve(page(['3', '4'], null, null)));
    expect(result.current.state).toMatchObject({ items: ['1', '2', '3', '4'], nextCursor: null, total: 4 });

    rerender({ query: { q: 'x' } });
    await waitFor(() => expect(calls).toHaveLength(3));
    await act(async () => calls[2]?.resolve(page(['x1'], 'cx', 9)));
    await act(async () => void result.current.loadMore());
    rerender({ query: { q: 'y' } });
    await waitFor(() => expect(calls).toHaveLength(5));
    await act(async () => calls[3]?.resolve(page(['x2'])));
    await act(async () => calls[4]?.resolve(page(['y1'])));
    expect(result.current.state.items).toEqual(['y1']);
  });
});
