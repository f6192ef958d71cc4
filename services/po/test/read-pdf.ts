/** Reading back what renderPoPdf wrote, for tests: pages and text runs. */
import { inflateSync } from 'node:zlib';

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x99: '™',
};

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/**
 * The PDF's pages and text, read the simple way: inflate each content stream and join the hex
 * strings of every TJ (one text run per BT...ET block, as pdfkit writes them with the standard fonts).
 */
export function readPdf(pdf: Buffer): { pages: number; runs: string[]; text: string; mediaBoxes: string[] } {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? 0);
    const start = m.index + m[0].length;
    const bytes = pdf.subarray(start, start + length);
    const content = (/\/FlateDecode/.test(m[1]!) ? inflateSync(bytes) : bytes).toString('latin1');
    for (const block of content.match(/BT[^]*?ET/g) ?? []) {
      const parts = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1]!));
      if (parts.length > 0) runs.push(parts.join(''));
    }
  }
  return {
    pages: raw.match(/\/Type \/Page(?!s)\b/g)?.length ?? 0,
    runs,
    // Runs joined with spaces: a paragraph wrapped over two lines reads as one.
    text: runs.join(' ').replace(/\s+/g, ' '),
    mediaBoxes: raw.match(/\/MediaBox \[[^\]]*\]/g) ?? [],
  };
}
