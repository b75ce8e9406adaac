/**
 * The tracker's PDF report (issue 25, item 5), made on the device: the report's words
 * (reportText.ts) drawn with PDFKit, which shapes text with fontkit (OpenType GSUB and GPOS:
 * Arabic letters join, marks sit where the font puts them) and embeds a subset of each font
 * with a ToUnicode map, so the text can be searched and copied. PDFKit does not reorder
 * mixed-direction text: the Unicode bidirectional algorithm is bidi-js's, applied here line by
 * line (frontend/README.md#tracker-exports says why these libraries).
 *
 * This module is loaded only when the person asks for a PDF (ExportSection's dynamic import):
 * PDFKit and fontkit weigh far more than the tracker page itself.
 */
import bidiFactory from 'bidi-js';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { ReportText } from './reportText';

export interface PdfFontFile {
  /** The font file (WOFF or TrueType; fontkit cannot subset a WOFF2's transformed glyphs). */
  data: Uint8Array;
  bold: boolean;
  /** Drawn this much larger than the others, where its letters are smaller at one size. */
  scale?: number;
}

export interface PdfInput {
  text: ReportText;
  dir: 'ltr' | 'rtl';
  /** In the order a character's font is chosen: the first that has its glyph. */
  fonts: PdfFontFile[];
}

const bidi = bidiFactory();
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#047857';
const TRACK = '#e5e7eb';

interface Face {
  name: string;
  font: Font;
  bold: boolean;
  scale: number;
}

/** A stretch of a line drawn with one font at one bidi level (a space is its own piece). */
interface Piece {
  text: string;
  face: string;
  level: number;
  space: boolean;
  width: number;
  size: number;
}

// fontkit lays out a run right to left (reversing its glyphs) when the first character of a
// script other than Common/Inherited is of a right-to-left script: Arabic, for this site.
const FIRST_SCRIPT_CHARACTER = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

const BIDI_MARK = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function fontkitReverses(text: string): boolean {
  const first = FIRST_SCRIPT_CHARACTER.exec(text)?.[0];
  return first !== undefined && RIGHT_TO_LEFT_SCRIPT.test(first);
}

class Writer {
  readonly doc: PDFKit.PDFDocument;
  private readonly faces: Face[];
  private readonly dir: 'ltr' | 'rtl';
  private readonly chunks: Uint8Array[] = [];
  readonly done: Promise<Uint8Array>;
  readonly left = MARGIN;
  readonly right = A4[0] - MARGIN;
  y = MARGIN;

  constructor(input: PdfInput) {
    this.dir = input.dir;
    this.doc = new PDFDocument({
      size: A4,
      margin: MARGIN,
      // No default font: PDFKit's is Helvetica, which its browser build does not carry (and which
      // has no Arabic); every piece of text names its font (`faces`).
      font: '',
      lang: input.text.lang,
      displayTitle: true,
      info: { Title: `${input.text.title}: ${input.text.period}`, Creator: input.text.title },
    });
    this.faces = input.fonts.map((file, index) => {
      const name = `face-${index}`;
      // Parsed once: PDFKit embeds the fontkit font it is given (its own fontkit, the same
      // package), and the same object answers which characters the font has.
      const font = openFont(file.data as unknown as Buffer) as Font;
      this.doc.registerFont(name, font as unknown as Buffer);
      return { name, font, bold: file.bold, scale: file.scale ?? 1 };
    });
    this.doc.on('data', (chunk: Uint8Array) => this.chunks.push(chunk));
    this.done = new Promise((resolve) => {
      this.doc.on('end', () => {
        const length = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        const bytes = new Uint8Array(length);
        let offset = 0;
        for (const chunk of this.chunks) {
          bytes.set(chunk, offset);
          offset += chunk.length;
        }
        resolve(bytes);
      });
    });
  }

  /** The x of a box `width` wide whose start edge is `offset` from the start margin. */
  x(offset: number, width: number): number {
    return this.dir === 'ltr' ? this.left + offset : this.right - offset - width;
  }

  private faceFor(char: string, bold: boolean, previous: string | undefined): string {
    const code = char.codePointAt(0) ?? 0;
    const candidates = this.faces.filter((face) => face.bold === bold || !this.hasWeight(bold));
    const previousFace = candidates.find((face) => face.name === previous);
    // Neutral characters (digits, punctuation) keep the font of the text around them when it has
    // them, so a run is not cut in two.
    if (previousFace?.font.hasGlyphForCodePoint(code) && !/\p{L}/u.test(char)) {
      return previousFace.name;
    }
    const face =
      candidates.find((entry) => entry.font.hasGlyphForCodePoint(code)) ??
      this.faces.find((entry) => entry.font.hasGlyphForCodePoint(code)) ??
      candidates[0];
    return face?.name ?? 'face-0';
  }

  private hasWeight(bold: boolean): boolean {
    return this.faces.some((face) => face.bold === bold);
  }

  /** A line's pieces in visual order (left to right), measured at `size`. */
  pieces(text: string, size: number, bold: boolean): Piece[] {
    const { levels } = bidi.getEmbeddingLevels(text, this.dir);
    const logical: Piece[] = [];
    let current: Piece | undefined;
    // Code units: the site's scripts are all in the Basic Multilingual Plane, as bidi-js counts.
    for (let index = 0; index < text.length; index += 1) {
      const char = text.charAt(index);
      // Bidi marks (Intl writes ٪ followed by U+061C) have done their work in the levels; a
      // font has nothing to draw for them.
      if (BIDI_MARK.test(char)) continue;
      const space = char === ' ';
      const face = space ? (current?.face ?? 'face-0') : this.faceFor(char, bold, current?.face);
      const level = levels[index] ?? 0;
      if (!current || current.space !== space || current.face !== face || current.level !== level) {
        current = { text: char, face, level, space, width: 0, size };
        logical.push(current);
      } else {
        current.text += char;
      }
    }
    for (const piece of logical) {
      piece.size = size * (this.faces.find((face) => face.name === piece.face)?.scale ?? 1);
      piece.width = this.doc.font(piece.face).fontSize(piece.size).widthOfString(piece.text);
    }
    // Rule L2 of the bidirectional algorithm, on pieces: from the highest level to the lowest
    // odd one, reverse every sequence of pieces at that level or higher.
    const visual = [...logical];
    const highest = Math.max(0, ...visual.map((piece) => piece.level));
    const lowestOdd = Math.min(
      ...visual.map((piece) => (piece.level % 2 === 1 ? piece.level : Infinity)),
    );
    for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
      let index = 0;
      while (index < visual.length) {
        if ((visual[index]?.level ?? 0) < level) {
          index += 1;
          continue;
        }
        let end = index;
        while (end < visual.length && (visual[end]?.level ?? 0) >= level) end += 1;
        visual.splice(index, end - index, ...visual.slice(index, end).reverse());
        index = end;
      }
    }
    return visual;
  }

  width(pieces: Piece[]): number {
    return pieces.reduce((sum, piece) => sum + piece.width, 0);
  }

  /**
   * One line of text from `offset` (from the start margin), at most `room` wide: aligned to the
   * start or the end of that box, made smaller if it would not fit.
   */
  line(
    text: string,
    options: {
      size: number;
      bold?: boolean;
      color?: string;
      offset?: number;
      room?: number;
      align?: 'start' | 'end';
      y?: number;
    },
  ): number {
    const { bold = false, color = INK, offset = 0, align = 'start' } = options;
    const room = options.room ?? this.right - this.left - offset;
    let size = options.size;
    let pieces = this.pieces(text, size, bold);
    const natural = this.width(pieces);
    if (natural > room) {
      size = (size * room) / natural;
      pieces = this.pieces(text, size, bold);
    }
    const width = this.width(pieces);
    const start = align === 'start' ? offset : offset + room - width;
    let x = this.x(start, width);
    const y = options.y ?? this.y;
    this.doc.fillColor(color);
    for (const piece of pieces) {
      // A space is drawn too: a PDF reader copies it as a space rather than guessing from gaps.
      const rightToLeft = piece.level % 2 === 1;
      // fontkit reverses Arabic itself; anything else drawn right to left (punctuation between
      // Arabic words, Arabic-Indic digits inside left-to-right text) is put in order here.
      let drawn = piece.text;
      if (rightToLeft !== fontkitReverses(piece.text)) {
        drawn = [...piece.text]
          .reverse()
          .map((char) => (rightToLeft ? (bidi.getMirroredCharacter(char) ?? char) : char))
          .join('');
      }
      // On one baseline whatever the font (`y` is the top of the line).
      this.doc
        .font(piece.face)
        .fontSize(piece.size)
        .text(drawn, x, y + size * 0.95, { lineBreak: false, baseline: 'alphabetic' });
      x += piece.width;
    }
    return size;
  }

  /** A line of text that moves the cursor down. */
  paragraph(
    text: string,
    size: number,
    options: { bold?: boolean; color?: string; gap?: number } = {},
  ) {
    this.line(text, { size, bold: options.bold, color: options.color });
    this.y += size * 1.6 + (options.gap ?? 0);
  }

  finish(): Promise<Uint8Array> {
    this.doc.end();
    return this.done;
  }
}

function drawRates(writer: Writer, text: ReportText) {
  const nameWidth = 110;
  const barWidth = 200;
  const barOffset = nameWidth + 10;
  const valueOffset = barOffset + barWidth + 12;
  const { doc } = writer;
  for (const row of text.rows) {
    writer.line(row.name, { size: 11, offset: 0, room: nameWidth });
    doc.rect(writer.x(barOffset, barWidth), writer.y + 1, barWidth, 10).fill(TRACK);
    const filled = barWidth * (row.rate ?? 0);
    if (filled > 0) {
      // The bar grows from the start edge: from the right in Arabic and Urdu.
      doc.rect(writer.x(barOffset, filled), writer.y + 1, filled, 10).fill(ACCENT);
    }
    writer.line(row.value, { size: 11, bold: true, offset: valueOffset, room: 60 });
    writer.y += 15;
    writer.line(row.detail, { size: 8.5, color: MUTED, offset: barOffset, room: barWidth + 72 });
    writer.y += 19;
  }
}

function drawBalanceChart(writer: Writer, chart: NonNullable<ReportText['balanceChart']>) {
  const { doc } = writer;
  const width = writer.right - writer.left;
  const height = 90;
  const top = writer.y;
  const highest = Math.max(1, ...chart.totals);
  // The top line is the period's highest balance (its label is chart.highest).
  doc.lineWidth(0.5).strokeColor(TRACK);
  doc
    .moveTo(writer.left, top + height)
    .lineTo(writer.right, top + height)
    .stroke();
  doc.moveTo(writer.left, top).lineTo(writer.right, top).stroke();
  const step = chart.totals.length > 1 ? width / (chart.totals.length - 1) : 0;
  // The time axis runs from the start edge: right to left in Arabic and Urdu.
  const points = chart.totals.map((total, index) => ({
    x: writer.x(index * step, 0),
    y: top + height - (total / highest) * height,
  }));
  doc.lineWidth(1.5).strokeColor(ACCENT);
  points.forEach((point, index) => {
    if (index === 0) doc.moveTo(point.x, point.y);
    else doc.lineTo(point.x, point.y);
  });
  doc.stroke();
  writer.line(chart.highest, {
    size: 8,
    color: MUTED,
    y: top - 11,
  });
  writer.y = top + height + 4;
  writer.line(chart.from, { size: 8.5, color: MUTED, room: width / 2 });
  writer.line(chart.to, {
    size: 8.5,
    color: MUTED,
    offset: width / 2,
    room: width / 2,
    align: 'end',
  });
  writer.y += 16;
  writer.line(chart.caption, { size: 9, color: MUTED });
  writer.y += 18;
}

/** The report as PDF bytes. */
export async function trackerPdf(input: PdfInput): Promise<Uint8Array> {
  const writer = new Writer(input);
  const { text } = input;
  writer.paragraph(text.title, 20, { bold: true, color: ACCENT });
  writer.paragraph(text.period, 14, { bold: true });
  writer.paragraph(text.created, 9, { color: MUTED, gap: 10 });

  writer.paragraph(text.ratesHeading, 13, { bold: true, gap: 2 });
  drawRates(writer, text);
  writer.y += 8;

  writer.paragraph(text.streaksHeading, 13, { bold: true, gap: 2 });
  for (const line of text.streaks) writer.paragraph(line, 11);
  writer.y += 10;

  writer.paragraph(text.balanceHeading, 13, { bold: true, gap: 2 });
  for (const line of text.balance) writer.paragraph(line, 11);
  if (text.balanceChart) {
    writer.y += 14;
    drawBalanceChart(writer, text.balanceChart);
  }

  writer.line(text.footer, { size: 8.5, color: MUTED, y: A4[1] - MARGIN - 10 });
  return writer.finish();
}
