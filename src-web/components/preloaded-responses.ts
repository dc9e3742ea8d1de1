/** Where the server writes the answers (server/http/web-app/page-html.ts). */
const ELEMENT_ID = 'preloaded-responses';

let answers: Map<string, unknown> | undefined;
let answersPath = '';

function readAnswers(): Map<string, unknown> {
  if (!answers) {
    answers = new Map();
    answersPath = window.location.pathname;
    try {
      const parsed: unknown = JSON.parse(document.getElementById(ELEMENT_ID)?.textContent ?? 'null');
      if (typeof parsed === 'object' && parsed !== null) answers = new Map(Object.entries(parsed));
    } catch {
      // Unreadable answers are no answers: the requests go to the network.
    }
  }
  // They describe the page the HTML was served for; once the visitor moves on, they are dropped.
  if (window.location.pathname !== answersPath) answers.clear();
  return answers;
}

/**
 * A fetch that answers the page's first requests from the answers the server wrote into its
 * HTML (the blog pages), so they paint without waiting for the API. Each answer is taken once,
 * only for a plain GET with no credentials; everything else goes to `fetcher`.
 */
export function withPreloadedResponses(fetcher: typeof fetch): typeof fetch {
  return (input, init) => {
    const plain = (init?.method ?? 'GET') === 'GET' && !new Headers(init?.headers).has('authorization');
    const store = typeof input === 'string' && plain ? readAnswers() : undefined;
    if (typeof input === 'string' && store?.has(input)) {
      const body = store.get(input);
      store.delete(input);
      return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    }
    return fetcher(input, init);
  };
}
