import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementError } from './statement';

/** A parsed XML element: child elements by name (repeated ones as arrays), text as `#text`, attributes as `@name`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = XmlNode | XmlNode[] | string | string[] | undefined;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * XML with no document type and no entities: a `<!DOCTYPE` or `<!ENTITY` anywhere (the XML bomb and
 * external-entity attacks need one) is refused before any parsing, and fast-xml-parser runs with
 * entity processing off; the five predefined entities and character references are decoded here,
 * in one pass that cannot expand. Malformed XML → MALFORMED_STATEMENT with its line.
 */
export function parseXml(text: string): XmlNode {
  const doctype = /<!(DOCTYPE|ENTITY)/i.exec(text);
  if (doctype) {
    throw new StatementError('MALFORMED_STATEMENT', 'XML with a document type or entity declarations is refused', lineOf(text, doctype.index));
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new StatementError('MALFORMED_STATEMENT', `The XML is malformed: ${valid.err.msg}`, valid.err.line);
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
