/**
 * Reading a generated PDF back in tests, as a reader does: its text through Mozilla's PDF.js (the
 * embedded fonts' ToUnicode maps give the characters back; a package from npm, so `npm test` needs
 * nothing installed on the machine) and the fonts it embeds.
 */
import { inflateSync } from 'node:zlib';

/** The text of the PDF: each page's text runs in drawing order, a line break where PDF.js sees one. */
export async function pdfToText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}

/** The embedded fonts' names without their subset tags ('NotoSansDevanagari-Regular'). */
export function embeddedFonts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [
    ...new Set([...raw.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map((m) => m[1]!)),
  ].sort();
}

/** The PDF's streams, inflated. */
export function pdfStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? 0);
    const start = m.index + m[0].length;
    const bytes = pdf.subarray(start, start + length);
    out.push((/\/FlateDecode/.test(m[1]!) ? inflateSync(bytes) : bytes).toString('latin1'));
  }
  return out;
}

/**
 * Names in the seven Indian scripts the documents draw, each with a conjunct (क्ष, ப்ர-like கா+ஷ்,
 * ক্ষ, ಕ್ಷ, క్ష, ક્ષ, and Gurmukhi's ਪੰ with the mark the fontkit guard is for). Text extraction
 * gives characters back in the order the glyphs are drawn: a vowel sign drawn before its consonant
 * (Kannada's and Telugu's here) or a reph (र्) comes back moved. `exact` names come back as typed but
 * for white space (PDF.js puts a space where a half form's glyph and the next one do not touch:
 * compare with `withoutSpaces`); every name's characters come back all the same.
 */
export const INDIAN_NAMES = [
  { script: 'devanagari', font: 'NotoSansDevanagari', name: 'लक्ष्मण स्टील', exact: true },
  { script: 'tamil', font: 'NotoSansTamil', name: 'பிரகாஷ் மணல்', exact: true },
  { script: 'bengali', font: 'NotoSansBengali', name: 'লক্ষ্মী ইট', exact: true },
  { script: 'kannada', font: 'NotoSansKannada', name: 'ಲಕ್ಷ್ಮಿ ಸಿಮೆಂಟ್', exact: false },
  { script: 'telugu', font: 'NotoSansTelugu', name: 'లక్ష్మి స్టీల్', exact: false },
  { script: 'gujarati', font: 'NotoSansGujarati', name: 'લક્ષ્મી સ્ટીલ', exact: true },
  { script: 'gurmukhi', font: 'NotoSansGurmukhi', name: 'ਪੰਜਾਬ ਸਟੀਲ', exact: true },
] as const;

/** `text` without its white space: the characters in order, however extraction spaced or broke them. */
export function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Whether every character of `name` (with its count) is in `text`. */
export function containsChars(text: string, name: string): boolean {
  const have = new Map<string, number>();
  for (const ch of text.replace(/\s+/g, '')) have.set(ch, (have.get(ch) ?? 0) + 1);
  for (const ch of name.replace(/\s+/g, '')) {
    const n = have.get(ch) ?? 0;
    if (n === 0) return false;
    have.set(ch, n - 1);
  }
  return true;
}

/**
 * What is wrong with a document that should draw every INDIAN_NAMES name, each inside the text
 * `drawnAs(name)` gives: a script whose Noto Sans font (and Devanagari's bold) is not embedded, or a
 * name that does not come back from the text (exactly, for the `exact` ones, but for white space;
 * character for character for every one). Empty when all is well; the text is returned for more checks.
 */
export async function indianNameProblems(
  pdf: Buffer,
  drawnAs: (name: string) => string,
): Promise<{ problems: string[]; text: string }> {
  const problems: string[] = [];
  const fonts = embeddedFonts(pdf);
  for (const n of INDIAN_NAMES)
    if (!fonts.some((f) => f.startsWith(n.font))) problems.push(`${n.font} is not embedded`);
  if (!fonts.includes('NotoSansDevanagari-Bold')) problems.push('NotoSansDevanagari-Bold is not embedded');
  const text = await pdfToText(pdf);
  for (const n of INDIAN_NAMES) {
    if (n.exact && !withoutSpaces(text).includes(withoutSpaces(n.name)))
      problems.push(`${n.script}: ${n.name} does not come back as typed`);
    if (!containsChars(text, drawnAs(n.name)))
      problems.push(`${n.script}: the characters of ${drawnAs(n.name)} are not all in the text`);
  }
  return { problems, text };
}
