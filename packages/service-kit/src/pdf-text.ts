/**
 * Text in the printed documents (the PO, the vendor statement) in English and in the Indian scripts
 * (decision 0036). Latin text keeps the standard Helvetica fonts (nothing embedded, as before);
 * Devanagari, Bengali, Gurmukhi, Gujarati, Tamil, Telugu and Kannada are drawn with the Noto Sans
 * font of their script (SIL Open Font License, from the @expo-google-fonts packages), embedded as a
 * subset of the glyphs used and shaped by fontkit (pdfkit's font engine: conjuncts, reph, pre-base
 * vowel signs). A text mixing scripts ('Cement सीमेंट 53') is cut into runs, each in its script's
 * font, laid out and wrapped here so that measuring and drawing agree.
 *
 * One module for every document: the font choice, the runs and the layout are the same everywhere.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;

export const INDIC_SCRIPTS = [
  'devanagari',
  'bengali',
  'gurmukhi',
  'gujarati',
  'tamil',
  'telugu',
  'kannada',
] as const;
export type IndicScript = (typeof INDIC_SCRIPTS)[number];

/** Each script's Unicode block (the Vedic and extended Devanagari blocks draw with Devanagari). */
const BLOCKS: Array<[number, number, IndicScript]> = [
  [0x0900, 0x097f, 'devanagari'],
  [0xa8e0, 0xa8ff, 'devanagari'],
  [0x1cd0, 0x1cff, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
];

/** The Indian script a code point belongs to, or null. */
export function scriptOf(cp: number): IndicScript | null {
  if (cp < 0x0900) return null;
  for (const [from, to, script] of BLOCKS) if (cp >= from && cp <= to) return script;
  return null;
}

/** Zero-width (non-)joiners and the dotted circle: they belong to the run they are in. */
const JOINERS = new Set([0x200c, 0x200d, 0x25cc]);

/** Characters outside Latin-1 that the standard fonts' WinAnsi encoding still has. */
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac,
  0x2122,
]);

/**
 * Text the document's fonts can draw: '₹' becomes 'Rs.' (Helvetica has no rupee sign), tabs and
 * other control characters a space (line breaks stay), the Indian scripts stay, and any other
 * character outside WinAnsi becomes '?' (an emoji, Chinese...), one per code point. Never throws.
 */
export function pdfSafeText(text: unknown): string {
  const value = typeof text === 'string' ? text : text === null || text === undefined ? '' : String(text);
  let out = '';
  for (const ch of value.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\n') out += ch;
    else if (cp === 0x20b9) out += 'Rs.';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (cp < 0x100 || WIN_ANSI_EXTRA.has(cp) || scriptOf(cp) !== null || JOINERS.has(cp)) out += ch;
    else out += '?';
  }
  return out;
}

/** Whether the text has a character of an Indian script (and needs the embedded fonts). */
export function hasIndicText(text: string): boolean {
  for (const ch of text) if (scriptOf(ch.codePointAt(0)!) !== null) return true;
  return false;
}

export interface TextRun {
  /** null: Latin (the standard font). */
  script: IndicScript | null;
  text: string;
}

/**
 * The text cut into runs of one script (null: Latin). Spaces, common punctuation and joiners stay
 * in the run before them (in the first run at the start): 'सीमेंट 50 kg' is 'सीमेंट ' in Devanagari,
 * then '50 kg' in Latin.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let pending = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const script = scriptOf(cp);
    const neutral = script === null && (JOINERS.has(cp) || /[\s.,;:!?'"()\-/|]/.test(ch));
    const last = runs[runs.length - 1];
    if (neutral) {
      if (last) last.text += ch;
      else pending += ch;
      continue;
    }
    // The danda (U+0964/0965) is in the Devanagari block but used by other scripts: it stays in theirs.
    const own =
      script === 'devanagari' && (cp === 0x0964 || cp === 0x0965) && last?.script ? last.script : script;
    if (last && last.script === own) last.text += ch;
    else runs.push({ script: own, text: pending + ch });
    pending = '';
  }
  if (pending) runs.push({ script: null, text: pending });
  return runs;
}

const FONT_PACKAGES: Record<IndicScript, string> = {
  devanagari: 'Devanagari',
  bengali: 'Bengali',
  gurmukhi: 'Gurmukhi',
  gujarati: 'Gujarati',
  tamil: 'Tamil',
  telugu: 'Telugu',
  kannada: 'Kannada',
};

const require = createRequire(import.meta.url);
const fontBytes = new Map<string, Buffer>();

/**
 * The TTF of the script's Noto Sans font (regular or bold), from its npm package: read once per
 * process, not for every document that draws the script.
 */
export function indicFont(script: IndicScript, bold: boolean): Buffer {
  const key = `${script}:${bold}`;
  let bytes = fontBytes.get(key);
  if (!bytes) {
    const name = FONT_PACKAGES[script];
    const weight = bold ? '700Bold' : '400Regular';
    bytes = readFileSync(
      require.resolve(`@expo-google-fonts/noto-sans-${script}/${weight}/NotoSans${name}_${weight}.ttf`),
    );
    fontBytes.set(key, bytes);
  }
  return bytes;
}

const fontName = (script: IndicScript, bold: boolean) =>
  `NotoSans${FONT_PACKAGES[script]}${bold ? '-Bold' : ''}`;

/**
 * fontkit 2.0.4 throws on a GPOS mark anchor the font leaves empty (which the OpenType format allows;
 * Noto Sans Gurmukhi has them: 'ਪੰਜਾਬੀ' fails), foliojs/fontkit#367, fix proposed in #374. Until a
 * release has it, the same guard as that fix (and HarfBuzz): such a lookup positions nothing. Applied
 * to the GPOS processor pdfkit's own fontkit made (pdfkit may load fontkit's CommonJS or ES build).
 */
const guarded = new WeakSet<object>();
function guardNullAnchors(pdf: Pdf): void {
  const engine = (
    pdf as unknown as { _font?: { font?: { _layoutEngine?: { engine?: { GPOSProcessor?: object } } } } }
  )._font?.font?._layoutEngine?.engine;
  const gpos = engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as { applyAnchor?: (...args: unknown[]) => unknown };
  if (guarded.has(proto) || typeof proto.applyAnchor !== 'function') return;
  const apply = proto.applyAnchor;
  proto.applyAnchor = function (this: unknown, ...args: unknown[]) {
    const [markRecord, baseAnchor] = args as [{ markAnchor?: unknown } | null, unknown];
    if (!baseAnchor || !markRecord?.markAnchor) return undefined;
    return apply.apply(this, args);
  };
  guarded.add(proto);
}

export interface TextStyle {
  /** The Latin font: 'Helvetica' or 'Helvetica-Bold' (bold picks the scripts' bold fonts too). */
  font: string;
  size: number;
  lineGap?: number;
}

interface Piece {
  font: string;
  text: string;
  width: number;
}
interface Line {
  pieces: Piece[];
  width: number;
}

/**
 * Measures and draws text on one document with the fonts above. Text without an Indian script goes
 * to pdfkit as it is (its own wrapping, exactly as before); text with one is laid out here.
 */
export class PdfText {
  private readonly registered = new Set<string>();

  constructor(private readonly pdf: Pdf) {}

  private fontFor(script: IndicScript | null, style: TextStyle): string {
    if (script === null) return style.font;
    const bold = /bold/i.test(style.font);
    const name = fontName(script, bold);
    if (!this.registered.has(name)) {
      this.pdf.registerFont(name, indicFont(script, bold));
      this.registered.add(name);
    }
    return name;
  }

  private use(font: string, size: number): void {
    this.pdf.font(font).fontSize(size);
    if (font.startsWith('NotoSans')) guardNullAnchors(this.pdf);
  }

  private widthOf(font: string, size: number, text: string): number {
    this.use(font, size);
    return this.pdf.widthOfString(text);
  }

  /** The words of a paragraph, each as pieces of one font (a space is a word of its own). */
  private words(paragraph: string, style: TextStyle): Piece[][] {
    const words: Piece[][] = [];
    for (const token of paragraph.match(/\s+|\S+/g) ?? []) {
      const pieces = textRuns(token).map((r) => {
        const font = this.fontFor(r.script, style);
        return { font, text: r.text, width: this.widthOf(font, style.size, r.text) };
      });
      words.push(pieces);
    }
    return words;
  }

  /** A word wider than the line, cut between its characters (grapheme clusters). */
  private split(word: Piece[], width: number, style: TextStyle): Piece[][] {
    const out: Piece[][] = [];
    let line: Piece[] = [];
    let used = 0;
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const piece of word) {
      for (const { segment } of segmenter.segment(piece.text)) {
        const w = this.widthOf(piece.font, style.size, segment);
        if (used + w > width && line.length > 0) {
          out.push(line);
          line = [];
          used = 0;
        }
        const last = line[line.length - 1];
        if (last && last.font === piece.font) {
          last.text += segment;
          last.width += w;
        } else line.push({ font: piece.font, text: segment, width: w });
        used += w;
      }
    }
    if (line.length > 0) out.push(line);
    return out;
  }

  private lines(text: string, width: number, style: TextStyle): Line[] {
    const lines: Line[] = [];
    for (const paragraph of text.split('\n')) {
      let line: Piece[] = [];
      let used = 0;
      const push = () => {
        // Spaces at the end of a line take no room.
        while (line.length > 0 && /^\s+$/.test(line[line.length - 1]!.text)) used -= line.pop()!.width;
        lines.push({ pieces: line, width: used });
        line = [];
        used = 0;
      };
      for (const word of this.words(paragraph, style)) {
        const w = word.reduce((s, p) => s + p.width, 0);
        const space = word.every((p) => /^\s+$/.test(p.text));
        if (space && line.length === 0) continue;
        if (used + w <= width || space) {
          line.push(...word);
          used += w;
          continue;
        }
        if (line.length > 0) push();
        if (w <= width) {
          line.push(...word);
          used = w;
        } else {
          const parts = this.split(word, width, style);
          parts
            .slice(0, -1)
            .forEach((p) => lines.push({ pieces: p, width: p.reduce((s, x) => s + x.width, 0) }));
          line = parts[parts.length - 1] ?? [];
          used = line.reduce((s, x) => s + x.width, 0);
        }
      }
      push();
    }
    return lines;
  }

  /** One line's height and its baseline below the line's top: the tallest of its fonts. */
  private metrics(line: Line, style: TextStyle): { height: number; ascent: number } {
    const fonts = new Set(line.pieces.map((p) => p.font));
    if (fonts.size === 0) fonts.add(style.font);
    let height = 0;
    let ascent = 0;
    for (const font of fonts) {
      this.use(font, style.size);
      height = Math.max(height, this.pdf.currentLineHeight(true));
      ascent = Math.max(ascent, this.ascent());
    }
    return { height: height + (style.lineGap ?? 0), ascent };
  }

  private ascent(): number {
    const f = this.pdf as unknown as { _font: { ascender: number }; _fontSize: number };
    return (f._font.ascender / 1000) * f._fontSize;
  }

  /** The height `text` takes in `width`. */
  height(text: string, width: number, style: TextStyle): number {
    if (text === '') return 0;
    if (!hasIndicText(text)) {
      this.use(style.font, style.size);
      return this.pdf.heightOfString(text, { width, lineGap: style.lineGap ?? 0 });
    }
    return this.lines(text, width, style).reduce((s, l) => s + this.metrics(l, style).height, 0);
  }

  /** Draws `text` at (x, y) wrapped to `width`; returns its height. The fill colour is the document's. */
  draw(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle & { align?: 'left' | 'right' | 'center' },
  ): number {
    if (text === '') return 0;
    const align = style.align ?? 'left';
    if (!hasIndicText(text)) {
      this.use(style.font, style.size);
      const height = this.pdf.heightOfString(text, { width, lineGap: style.lineGap ?? 0 });
      this.pdf.text(text, x, y, { width, align, lineGap: style.lineGap ?? 0 });
      return height;
    }
    let top = y;
    for (const line of this.lines(text, width, style)) {
      const { height, ascent } = this.metrics(line, style);
      let cx =
        align === 'right' ? x + width - line.width : align === 'center' ? x + (width - line.width) / 2 : x;
      for (const piece of line.pieces) {
        this.use(piece.font, style.size);
        // pdfkit puts the baseline at the font's ascent below y: each font's baseline on the line's.
        this.pdf.text(piece.text, cx, top + ascent - this.ascent(), { lineBreak: false });
        cx += piece.width;
      }
      top += height;
    }
    // The next text is set in the Latin font unless told otherwise, as before.
    this.use(style.font, style.size);
    return top - y;
  }

  /** The width of one line of text (no wrapping). */
  width(text: string, style: TextStyle): number {
    if (!hasIndicText(text)) return this.widthOf(style.font, style.size, text);
    return this.words(text, style)
      .flat()
      .reduce((s, p) => s + p.width, 0);
  }
}
