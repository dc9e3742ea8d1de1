import { useLayoutEffect, useState, type RefObject } from 'react';

/** How long an embedded page may take before its fallback shows. */
const EMBED_TIMEOUT_MS = 15_000;

/**
 * True once the frame fails to load `url`, or has not loaded it in time. Browsers fire `load`
 * even for their own error page, so an unreachable host is caught by a probe (a no-cors request
 * rejects only when nothing answers); the timeout catches a page that never loads. React has no
 * onError for iframes, hence the listeners; they are attached in the commit that inserts the
 * frame (a layout effect), because a passive effect runs after paint and a fast failure can
 * fire before it.
 */
export function useEmbedFailure(frame: RefObject<HTMLIFrameElement | null>, url: string | null | undefined): boolean {
  const [failed, setFailed] = useState(false);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!url || !element) return;
    let loaded = false;
    const onLoad = () => (loaded = true);
    const onError = () => setFailed(true);
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    const timer = setTimeout(() => !loaded && setFailed(true), EMBED_TIMEOUT_MS);
    const probe = new AbortController();
    fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: probe.signal }).catch(() => {
      if (!probe.signal.aborted) setFailed(true);
    });
    return () => {
      probe.abort();
      clearTimeout(timer);
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
    };
  }, [frame, url]);
  return failed;
}
