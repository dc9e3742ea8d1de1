/**
 * How many keywords the table keeps, the most used. The posts' keywords are whatever content/blog
 * lists, so their count has no bound of its own; past this many a search finds only these (a
 * keyword of fewer posts than the 10,000th is not in the dropdown), and the table stays a few MB.
 */
export const KEYWORDS_KEPT = 10_000;

/**
 * How long the table is kept at most. Posts change only at an import (at start, of this instance
 * or another one sharing the database) and when a scheduled post's date passes; the table knows
 * the latter (nextGoLive) and is read again then, so a minute only bounds how late another
 * instance's import shows, while a stranger's searches cost one aggregate a minute at most.
 */
const KEYWORD_TABLE_MS = 60_000;

/** A keyword as counted over every published post, `key` its lower case as the database wrote it. */
export interface CountedKeyword {
  keyword: string;
  key: string;
  count: number;
}

/** Every published post's keywords (the KEYWORDS_KEPT most used) in the keyword list's order. */
export interface KeywordTable {
  keywords: CountedKeyword[];
  /** When the next scheduled post goes live (ms since the epoch), the table wrong from then; null if none is scheduled. */
  nextGoLive: number | null;
}

/**
 * The keyword list of `query` from `table`, as the store's listKeywords answers it: the keywords
 * whose lower case holds the search's, in the table's order (count, then lower case), the first
 * `limit`. Every post is counted, so the answer has no searchedNewest.
 */
export function keywordsFrom(
  table: KeywordTable,
  // The shapes of post-source.ts's KeywordQuery and KeywordPage, written out: that module uses this one.
  { search, limit }: { search?: string; limit: number },
): { keywords: { keyword: string; count: number }[] } {
  const wanted = search?.toLowerCase();
  const keywords: { keyword: string; count: number }[] = [];
  for (const { keyword, key, count } of table.keywords) {
    if (keywords.length >= limit) break;
    if (wanted === undefined || key.includes(wanted)) keywords.push({ keyword, count });
  }
  return { keywords };
}

/**
 * `load` kept for KEYWORD_TABLE_MS, or until its next scheduled post goes live if sooner; a
 * failure is not kept. Requests meanwhile share the one load.
 */
export function keptKeywordTable(load: () => Promise<KeywordTable>): () => Promise<KeywordTable> {
  let kept: { expires: number; value: Promise<KeywordTable> } | undefined;
  return () => {
    const now = Date.now();
    if (kept && kept.expires > now) return kept.value;
    const entry = { expires: now + KEYWORD_TABLE_MS, value: load() };
    kept = entry;
    entry.value.then(
      ({ nextGoLive }) => {
        if (nextGoLive !== null) entry.expires = Math.min(entry.expires, nextGoLive);
      },
      () => {
        if (kept === entry) kept = undefined;
      },
    );
    return entry.value;
  };
}
