/**
 * A statement's bytes to text: a byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise UTF-8
 * when the bytes are valid UTF-8, else Windows-1252 (the WHATWG decoder's reading of ISO-8859-1
 * too, which German banks' exports use for their umlauts). An XML or OFX file naming its own
 * encoding is decoded with that one when Node knows it.
 */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const declared = declaredEncoding(bytes);
  if (declared && declared !== 'utf-8') {
    try {
      return { text: new TextDecoder(declared).decode(bytes), encoding: declared };
    } catch {
      // an unknown label: fall through to detection
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** `<?xml … encoding="…"?>` or OFX 1.x's `CHARSET:1252` header, read from the first bytes. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
  const xml = /<\?xml[^>]*encoding=["']([A-Za-z0-9_.:-]+)["']/i.exec(head);
  if (xml) return xml[1].toLowerCase();
  if (/^\s*OFXHEADER:/i.test(head)) {
    const charset = /CHARSET:\s*([A-Za-z0-9-]+)/i.exec(head)?.[1];
    if (charset && /^(1252|windows-1252)$/i.test(charset)) return 'windows-1252';
    if (charset && /^(8859-1|iso-8859-1|latin1)$/i.test(charset)) return 'iso-8859-1';
  }
  return undefined;
}
