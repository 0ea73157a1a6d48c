import { describe, expect, it } from 'vitest';
import { decodeCsv, decodeXml, parseCsv, readXlsx, SheetError } from './schedule-sheet.ts';
import { makeXlsx, zip } from '../../../../tests/api/_game-fixtures.ts';

describe('CSV', () => {
  it('splits quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"two\nlines",x,\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', 'x', ''],
    ]);
    expect(parseCsv('a,b\rc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(() => parseCsv('"open')).toThrow(SheetError);
  });

  it('drops a UTF-8 BOM and falls back to CP949', () => {
    expect(decodeCsv(new TextEncoder().encode('\ufeff날짜'))).toBe('날짜');
    expect(decodeCsv(new Uint8Array([0xb3, 0xaf, 0xc2, 0xa5]))).toBe('날짜');
  });
});

describe('xlsx', () => {
  it('reads shared strings, numbers and gaps of the first sheet', () => {
    const rows = readXlsx(
      makeXlsx([
        ['날짜', '시간'],
        [45787, 0.375],
        [null, 'A & B'],
      ]),
    );
    expect(rows).toEqual([
      ['날짜', '시간'],
      [45787, 0.375],
      [null, 'A & B'],
    ]);
  });

  it('reads inline strings and rich text, skipping phonetic guides', () => {
    const sheet =
      '<worksheet><sheetData><row r="2"><c r="B2" t="inlineStr"><is><t>인라인</t></is></c><c r="C2" t="s"><v>0</v></c></row></sheetData></worksheet>';
    const strings =
      '<sst><si><r><t>서울</t></r><r><t xml:space="preserve"> 레드삭스</t></r><rPh><t>ソウル</t></rPh></si></sst>';
    const file = zip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
      { name: 'xl/sharedStrings.xml', data: Buffer.from(strings) },
    ]);
    expect(readXlsx(file)).toEqual([[], [null, '인라인', '서울 레드삭스']]);
  });

  it('refuses what is not an xlsx with a Korean message', () => {
    expect(() => readXlsx(new Uint8Array([0x50, 0x4b, 3, 4]))).toThrow(/손상/);
    expect(() => readXlsx(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toThrow(
      /시트가 없습니다/,
    );
  });

  it('decodes XML references and OOXML escapes', () => {
    expect(decodeXml('&lt;a&gt; &amp; &#54620;&#xAE00; _x000D_')).toBe('<a> & 한글 \r');
  });
});
