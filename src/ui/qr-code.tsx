// A QR code drawn locally as SVG; the encoder (qrcode-generator) is loaded on first use, so it stays out of the
// first route's JavaScript. The service worker precaches the chunk, so it also draws offline.
import { useEffect, useState } from 'react';
import './qr-code.css';

interface Matrix {
  text: string;
  size: number;
  path: string;
}

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET = 4;

async function encode(text: string): Promise<Matrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  return { text, size: n + 2 * QUIET, path };
}

export function QrCode({ text, label, size = 168 }: { text: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    encode(text).then(
      (m) => {
        if (live) setMatrix(m);
      },
      () => {
        if (live) setFailed(text);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);

  if (failed === text) {
    return (
      <p className="qr-code qr-code-missing" style={{ width: size, height: size }}>
        The QR code cannot be drawn right now; show the code instead.
      </p>
    );
  }
  if (!matrix || matrix.text !== text) {
    return <div className="qr-code qr-code-pending" style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${matrix.size} ${matrix.size}`} shapeRendering="crispEdges">
      <rect width={matrix.size} height={matrix.size} fill="#fff" />
      <path d={matrix.path} fill="#000" />
    </svg>
  );
}
