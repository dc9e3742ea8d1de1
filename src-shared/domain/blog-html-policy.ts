/**
 * What a blog post's HTML may contain. The server sanitizes with it before storing and
 * serving; the web app sanitizes again with it before rendering. No class, style or event
 * attribute is allowed: the site's own stylesheet styles an article.
 */
export const BLOG_HTML_POLICY = {
  tags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'code',
    'pre',
    'kbd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  attributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
  } as Readonly<Record<string, readonly string[]>>,
  /** Link schemes; relative links are allowed too. */
  linkSchemes: ['http', 'https', 'mailto', 'tel'],
  /** Image schemes; data: and every other scheme are refused. */
  imageSchemes: ['http', 'https'],
  /** Elements dropped together with everything inside them (not just unwrapped). */
  droppedWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'head',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
    'select',
    'frameset',
    'frame',
  ],
} as const;

/**
 * Whether a link or image address leads to another site while looking relative: with every
 * control character and space removed (browsers skip leading spaces, and tabs and newlines
 * anywhere), it starts with two slashes or backslashes in any mix. Browsers read a backslash as
 * a slash, so "//evil.example", "/\evil.example" and "/<tab>/evil.example" all open
 * evil.example. The web app's sanitizer refuses such an address with this; the server's,
 * sanitize-html with allowProtocolRelative: false, applies the same test (the same characters
 * removed, then two of / and \ in any mix; it drops embedded HTML comments too), and
 * tests/server/blog/xss.test.ts holds it to that.
 */
export function isDisguisedOffSiteUrl(url: string): boolean {
  const read = [...url].filter((char) => char > ' ').join('');
  return /^[/\\]{2}/.test(read);
}
