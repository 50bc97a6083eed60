import type sanitizeHtml from 'sanitize-html';
import { RICH_TEXT } from '../../../clients/typescript/rich-text';
import { onFirstUse } from '../../common/first-use';

/** sanitize-html and its HTML and CSS parsers (~2.3 MB of heap), loaded with the first description written. */
const sanitizer = onFirstUse(() => require('sanitize-html') as typeof sanitizeHtml);

/**
 * The rich-text allow-list for marker descriptions (RICH_TEXT, shared with the web client, which
 * sanitises again when it shows one): scripts and styles are dropped with their content.
 */
const options = onFirstUse((): sanitizeHtml.IOptions => ({
  allowedTags: [...RICH_TEXT.tags],
  // rel and target are always overwritten by the transform below
  allowedAttributes: { a: [...RICH_TEXT.attributes.a] },
  allowedSchemes: [...RICH_TEXT.schemes],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizer().simpleTransform('a', { ...RICH_TEXT.linkAttributes }),
  },
}));

export function sanitizeDescription(html: string): string {
  return sanitizer()(html, options()).trim();
}
