import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT } from '@client';

const ALLOWED_ATTRIBUTES = [...new Set(Object.values(RICH_TEXT.attributes).flat())];
/** href values of the allowed schemes only (no relative, protocol-relative or javascript: URLs) */
const ALLOWED_URI = new RegExp(`^(?:${RICH_TEXT.schemes.join('|')}):`, 'i');

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') for (const [name, value] of Object.entries(RICH_TEXT.linkAttributes)) node.setAttribute(name, value);
});

/**
 * Rich text from the API, sanitised again here with the service's allow-list (RICH_TEXT): the
 * service cleans what it is sent, but rows can also arrive by other ways (a restored archive, a
 * database edited by hand), so what the page renders never depends on that alone.
 */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT.tags],
    ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
