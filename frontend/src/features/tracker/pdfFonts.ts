/**
 * The fonts embedded in the PDF report (pdf.ts), fetched from the site only when a report is
 * made, and in the order a character's font is chosen:
 *
 * - Poppins (the site's typeface), Latin and Latin Extended (Turkish ğ, ş, ı, İ), regular and
 *   bold;
 * - Amiri for Arabic and Urdu (regular only; a bold heading keeps its weight in Latin). The
 *   pages use Noto Sans Arabic and Noto Nastaliq Urdu, but in a PDF: Noto Sans Arabic draws
 *   several letters from one dotless glyph (ق and ف, ص and ض, ه and ة), so a PDF reader's
 *   text (copy, search, screen readers) gets the wrong letters back, and fontkit cannot lay
 *   out Noto Nastaliq Urdu (its GPOS anchors fail). Amiri has a glyph per letter, covers
 *   Urdu's letters, and is already a dependency of the site (the home page's basmala).
 *
 * WOFF, not WOFF2: fontkit cannot subset a WOFF2's transformed glyph table.
 */
import amiri from '@fontsource/amiri/files/amiri-arabic-400-normal.woff?url';
import poppinsExtendedBold from '@fontsource/poppins/files/poppins-latin-ext-700-normal.woff?url';
import poppinsExtended from '@fontsource/poppins/files/poppins-latin-ext-400-normal.woff?url';
import poppinsBold from '@fontsource/poppins/files/poppins-latin-700-normal.woff?url';
import poppins from '@fontsource/poppins/files/poppins-latin-400-normal.woff?url';
import type { PdfFontFile } from './pdf';

export interface PdfFontSource {
  /** The file under node_modules. */
  module: string;
  bold: boolean;
  /** Needed only for a report in a right-to-left language (the others have no Arabic text). */
  rightToLeftOnly: boolean;
  url: string;
  /** Amiri's letters are small beside Poppins's at one size: drawn a quarter larger. */
  scale?: number;
}

export const PDF_FONT_FILES: readonly PdfFontSource[] = [
  {
    module: '@fontsource/poppins/files/poppins-latin-400-normal.woff',
    bold: false,
    rightToLeftOnly: false,
    url: poppins,
  },
  {
    module: '@fontsource/poppins/files/poppins-latin-ext-400-normal.woff',
    bold: false,
    rightToLeftOnly: false,
    url: poppinsExtended,
  },
  {
    module: '@fontsource/poppins/files/poppins-latin-700-normal.woff',
    bold: true,
    rightToLeftOnly: false,
    url: poppinsBold,
  },
  {
    module: '@fontsource/poppins/files/poppins-latin-ext-700-normal.woff',
    bold: true,
    rightToLeftOnly: false,
    url: poppinsExtendedBold,
  },
  {
    module: '@fontsource/amiri/files/amiri-arabic-400-normal.woff',
    bold: false,
    rightToLeftOnly: true,
    url: amiri,
    scale: 1.25,
  },
];

/** Fetches the report's fonts from the site (same origin; nothing about the person is sent). */
export async function loadPdfFonts(rightToLeft: boolean): Promise<PdfFontFile[]> {
  return Promise.all(
    PDF_FONT_FILES.filter((file) => rightToLeft || !file.rightToLeftOnly).map(async (file) => {
      const response = await fetch(file.url);
      if (!response.ok) throw new Error(`font ${file.module}: HTTP ${response.status}`);
      return {
        data: new Uint8Array(await response.arrayBuffer()),
        bold: file.bold,
        scale: file.scale,
      };
    }),
  );
}
