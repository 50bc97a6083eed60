import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT } from '../../../clients/typescript/rich-text';

/**
 * The rich-text allow-list for marker descriptions (RICH_TEXT, shared with the web client, which
 * sanitises again when it shows one): scripts and styles are dropped with their content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT.tags],
  // rel and target are always overwritten by the transform below
  allowedAttributes: { a: [...RICH_TEXT.attributes.a] },
  allowedSchemes: [...RICH_TEXT.schemes],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { ...RICH_TEXT.linkAttributes }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
