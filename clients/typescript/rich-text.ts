/**
 * The rich-text allow-list of marker descriptions, shared by the service (sanitize-html, when a
 * description is written) and the web client (DOMPurify, when one is shown): formatting, lists,
 * quotes, code and links. No images, styles, classes or event handlers.
 */
export const RICH_TEXT = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'hr'],
  /** attributes per tag; a link's rel and target are always overwritten with LINK_ATTRIBUTES */
  attributes: { a: ['href', 'title', 'rel', 'target'] },
  /** URL schemes of links (no relative or protocol-relative URLs) */
  schemes: ['http', 'https', 'mailto'],
  /** links open outside the app without handing it the opener or the referrer */
  linkAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
} as const;
