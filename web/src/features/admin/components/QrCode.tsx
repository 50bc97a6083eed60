import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path (one unit per module). */
function modulesPath(data: boolean[][]): string {
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return path;
}

/**
 * `text` as a QR code to scan with another device's camera: black on white whatever the theme, with
 * the quiet zone scanners need. The encoder (uqr) is loaded when the first code is shown, so the
 * app's first load does not carry it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ text: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      const encoded = encode(text, { ecc: 'M', border: 4 });
      if (current) setCode({ text, size: encoded.size, path: modulesPath(encoded.data) });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!code || code.text !== text) return <div className="qr-code" aria-busy="true" />;
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${code.size} ${code.size}`} shapeRendering="crispEdges">
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
