import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/**
 * A search snippet as the server writes it: escaped text whose matched words are in <mark>. Only
 * <mark> becomes an element; everything else is shown as text (never parsed as HTML).
 */
export function Snippet({ html }: { html: string }) {
  const parts: ReactNode[] = [];
  html.split(/(<mark>[^<]*<\/mark>)/).forEach((part, i) => {
    if (!part) return;
    const marked = /^<mark>([^<]*)<\/mark>$/.exec(part);
    parts.push(marked ? <mark key={i}>{decode(marked[1])}</mark> : decode(part));
  });
  return <>{parts}</>;
}
