import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { STATEMENT_LIMITS } from './limits';
import { ImportReason, StatementError } from './statement';

/** A parsed XML element: child elements by name (repeated ones as arrays), text as `#text`, attributes as `@name`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = XmlNode | XmlNode[] | string | string[] | undefined;

/** The 1-based line of a position (counted once, for an error). */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

const LT = 60; // <
const GT = 62; // >
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;

/**
 * One forward pass over the markup before any parser sees it: nesting deeper than
 * STATEMENT_LIMITS.depth, an element or attribute name longer than STATEMENT_LIMITS.name or more
 * than STATEMENT_LIMITS.attributes attributes on one element → MALFORMED_STATEMENT; more than
 * STATEMENT_LIMITS.elements elements → STATEMENT_TOO_LARGE. Each character is looked at once, so a
 * parser handed the text afterwards works on a tree of known bounds. What the pass does not judge
 * (an unclosed tag, a stray end tag) the validator reports.
 */
export function boundMarkup(text: string, from = 0): void {
  let depth = 0;
  let elements = 0;
  const refuse = (
    at: number,
    reason: ImportReason,
    max: number,
    message: string,
    code: 'MALFORMED_STATEMENT' | 'STATEMENT_TOO_LARGE' = 'MALFORMED_STATEMENT',
  ) => {
    const limit = code === 'STATEMENT_TOO_LARGE' ? { kind: 'elements' as const, max: STATEMENT_LIMITS.elements } : undefined;
    throw new StatementError(code, reason, message, lineOf(text, at), undefined, limit).naming({ max });
  };
  for (let i = text.indexOf('<', from); i >= 0;) {
    const next = text.charCodeAt(i + 1);
    let end: number;
    if (next === BANG) {
      // a comment, a CDATA section (text, not markup) or a declaration (refused before this pass)
      if (text.startsWith('<!--', i)) end = closing(text, '-->', i + 4);
      else if (text.startsWith('<![CDATA[', i)) end = closing(text, ']]>', i + 9);
      else end = text.indexOf('>', i);
    } else if (next === QUESTION) end = closing(text, '?>', i + 2);
    else if (next === SLASH) {
      // stray end tags (the validator refuses them) never buy room for deeper nesting
      if (depth > 0) depth--;
      end = text.indexOf('>', i);
    } else {
      // a start tag: its name, its attributes (quoted values may hold '>'), '/>' or '>'
      let at = i + 1;
      const longest = Math.min(text.length, i + 2 + STATEMENT_LIMITS.name);
      while (at < longest && !isNameEnd(text.charCodeAt(at))) at++;
      if (at - i - 1 > STATEMENT_LIMITS.name)
        refuse(i, 'NAME_TOO_LONG', STATEMENT_LIMITS.name, `An element name is longer than ${STATEMENT_LIMITS.name} characters`);
      let attributes = 0;
      let nameStart = -1;
      let quote = 0;
      for (; at < text.length; at++) {
        const c = text.charCodeAt(at);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === QUOTE || c === APOSTROPHE) quote = c;
        else if (c === GT) break;
        else if (c === EQUALS) {
          if (++attributes > STATEMENT_LIMITS.attributes)
            refuse(i, 'TOO_MANY_ATTRIBUTES', STATEMENT_LIMITS.attributes, `An element has more than ${STATEMENT_LIMITS.attributes} attributes`);
          if (nameStart >= 0 && at - nameStart > STATEMENT_LIMITS.name)
            refuse(i, 'NAME_TOO_LONG', STATEMENT_LIMITS.name, `An attribute name is longer than ${STATEMENT_LIMITS.name} characters`);
          nameStart = -1;
        } else if (c <= 32) nameStart = -1;
        else if (nameStart < 0) nameStart = at;
      }
      end = at < text.length ? at : -1;
      if (end < 0) return;
      if (text.charCodeAt(end - 1) !== SLASH && ++depth > STATEMENT_LIMITS.depth) {
        refuse(i, 'NESTED_TOO_DEEP', STATEMENT_LIMITS.depth, `Elements nest deeper than ${STATEMENT_LIMITS.depth} levels`);
      }
      if (++elements > STATEMENT_LIMITS.elements) {
        refuse(
          i,
          'TOO_MANY_ELEMENTS',
          STATEMENT_LIMITS.elements,
          `The file holds more than ${STATEMENT_LIMITS.elements} elements: split the statement into shorter periods`,
          'STATEMENT_TOO_LARGE',
        );
      }
    }
    // an unclosed comment, section or tag: the validator names it
    if (end < 0) return;
    i = text.indexOf('<', end + 1);
  }
}

/** Where `marker` (searched from `from`) ends, or -1. */
function closing(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length - 1;
}

/** Whitespace, '/', '>' (or a quote) end an element name. */
const isNameEnd = (c: number) => c <= 32 || c === SLASH || c === GT || c === QUOTE || c === APOSTROPHE || c === EQUALS || c === LT;

/**
 * XML with no document type and no entities: a `<!DOCTYPE` or `<!ENTITY` anywhere (the XML bomb and
 * external-entity attacks need one) is refused before any parsing, and fast-xml-parser runs with
 * entity processing off; the five predefined entities and character references are decoded here,
 * in one pass that cannot expand. Malformed XML → MALFORMED_STATEMENT with its line.
 */
export function parseXml(text: string): XmlNode {
  const doctype = /<!(DOCTYPE|ENTITY)/i.exec(text);
  if (doctype) {
    throw new StatementError('MALFORMED_STATEMENT', 'XML_DOCTYPE', 'XML with a document type or entity declarations is refused', lineOf(text, doctype.index));
  }
  // fast-xml-parser builds the tree recursively and keeps every element: bounded first
  boundMarkup(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new StatementError('MALFORMED_STATEMENT', 'XML_MALFORMED', `The XML is malformed: ${valid.err.msg}`, valid.err.line);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    tagValueProcessor: (_name, value) => decodeEntities(value),
    attributeValueProcessor: (_name, value) => decodeEntities(value),
  });
  return parser.parse(text) as XmlNode;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The children named `name` of a node, always as a list. */
export function children(node: XmlValue, name: string): XmlNode[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = (node as XmlNode)[name];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === 'object' ? item : ({ '#text': item } as XmlNode)));
}

/** The first child along a path (`child(ntry, 'BookgDt', 'Dt')`). */
export function child(node: XmlValue, ...path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined = node as XmlNode;
  for (const name of path) {
    current = children(current, name)[0];
    if (!current) return undefined;
  }
  return current;
}

/** The text of the element along a path, trimmed, or ''. */
export function text(node: XmlValue, ...path: string[]): string {
  const found = path.length ? child(node, ...path) : (node as XmlNode);
  const value = found?.['#text'];
  return typeof value === 'string' ? value.trim() : Array.isArray(value) ? value.join(' ').trim() : '';
}

/** Every element named `name` anywhere under `node`, in document order. */
export function descendants(node: XmlValue, name: string, found: XmlNode[] = []): XmlNode[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const item of node) descendants(item, name, found);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@') || key === '#text') continue;
    if (key === name) found.push(...children(node, name));
    else descendants(value, name, found);
  }
  return found;
}

/** The line of each occurrence of `<name` (or `<prefix:name`) in the text, in document order. */
export function elementLines(source: string, name: string): number[] {
  const lines: number[] = [];
  const re = new RegExp(`<(?:[A-Za-z0-9_-]+:)?${name}[\\s>]`, 'g');
  let line = 1;
  let last = 0;
  for (let match = re.exec(source); match; match = re.exec(source)) {
    for (let i = last; i < match.index; i++) if (source.charCodeAt(i) === 10) line++;
    last = match.index;
    lines.push(line);
  }
  return lines;
}
