import { BLOG_HTML_POLICY, isDisguisedOffSiteUrl } from '../../../src-shared/domain/blog-html-policy.ts';

const ALLOWED = new Set<string>(BLOG_HTML_POLICY.tags);
const DROPPED = new Set<string>(BLOG_HTML_POLICY.droppedWithContent);
const LINK_SCHEMES = new Set<string>(BLOG_HTML_POLICY.linkSchemes.map((scheme) => `${scheme}:`));
const IMAGE_SCHEMES = new Set<string>(BLOG_HTML_POLICY.imageSchemes.map((scheme) => `${scheme}:`));

function safeUrl(value: string, schemes: Set<string>): boolean {
  if (isDisguisedOffSiteUrl(value)) return false;
  try {
    return schemes.has(new URL(value.trim(), window.location.origin).protocol);
  } catch {
    return false;
  }
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED.has(tag) || child.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowedAttributes: readonly string[] = BLOG_HTML_POLICY.attributes[tag] ?? [];
    for (const { name, value } of [...child.attributes]) {
      const keep =
        allowedAttributes.includes(name) &&
        (name === 'href' ? safeUrl(value, LINK_SCHEMES) : name === 'src' ? safeUrl(value, IMAGE_SCHEMES) : true);
      if (!keep) child.removeAttribute(name);
    }
    if (tag === 'a' && child.hasAttribute('target')) {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/**
 * Sanitizes a post's HTML again in the browser before it is rendered (the server already
 * did), with the same allowlist. The browser's own parser reads it into an inert document
 * (no script runs, no image loads), so what is checked is exactly what will be rendered.
 */
export function sanitizePostHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(document.body);
  // Comments are dropped too: no conditional-comment or parser tricks survive.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  return document.body.innerHTML;
}
