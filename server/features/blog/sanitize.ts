import sanitizeHtml from 'sanitize-html';
import { BLOG_HTML_POLICY } from '../../../src-shared/domain/blog-html-policy.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOG_HTML_POLICY.tags],
  allowedAttributes: Object.fromEntries(Object.entries(BLOG_HTML_POLICY.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...BLOG_HTML_POLICY.linkSchemes],
  allowedSchemesByTag: { img: [...BLOG_HTML_POLICY.imageSchemes] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//evil.example/x" is a link to another host that looks relative.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...BLOG_HTML_POLICY.droppedWithContent],
  allowedStyles: {},
  transformTags: {
    // A link that opens a new tab must not hand the article's window to the page it opens.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: attribs.target ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : { ...rest },
      };
    },
  },
};

/** Keeps only what BLOG_HTML_POLICY allows; everything else is dropped or escaped. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text of `html` with every tag removed, for descriptions and search. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: [...BLOG_HTML_POLICY.droppedWithContent] })
    .replace(/\s+/g, ' ')
    .trim();
}
