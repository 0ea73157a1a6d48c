import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeCsv, parseCsv, readXlsx, SheetError } from './schedule-sheet.ts';
import { readDate, readTime } from '../../services/schedules.ts';
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
  it('reads shared strings, numbers and gaps of the first sheet', async () => {
    const rows = await readXlsx(
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

  it('reads inline strings and rich text, skipping phonetic guides', async () => {
    const sheet =
      '<worksheet><sheetData><row r="2"><c r="B2" t="inlineStr"><is><t>인라인</t></is></c><c r="C2" t="s"><v>0</v></c></row></sheetData></worksheet>';
    const strings =
      '<sst><si><r><t>서울</t></r><r><t xml:space="preserve"> 레드삭스</t></r><rPh><t>ソウル</t></rPh></si></sst>';
    const workbook =
      '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="일정" sheetId="1" r:id="rId1"/></sheets></workbook>';
    const rels =
      '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';
    const file = zip([
      { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(rels) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
      { name: 'xl/sharedStrings.xml', data: Buffer.from(strings) },
    ]);
    expect(await readXlsx(file)).toEqual([[], [null, '인라인', '서울 레드삭스']]);
  });

  it('refuses what is not an xlsx with a Korean message', async () => {
    await expect(readXlsx(new Uint8Array([0x50, 0x4b, 3, 4]))).rejects.toThrow(/손상/);
    await expect(
      readXlsx(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }])),
    ).rejects.toThrow(SheetError);
  });
});

describe('xlsx from real producers (tests/fixtures/schedules/make-fixtures.py)', () => {
  const fixture = (name: string) =>
    new Uint8Array(
      readFileSync(new URL(`../../../../tests/fixtures/schedules/${name}`, import.meta.url)),
    );
  const schedule = (rows: Awaited<ReturnType<typeof readXlsx>>) =>
    rows.slice(1).map(([date, time, ...rest]) => [readDate(date, 2026), readTime(time), ...rest]);
  const expected = [
    ['2026-04-04', '09:00', '잠실', '서울 레드삭스', '부산 갈매기'],
    ['2026-04-05', '13:30', '사직', '부산 갈매기', '서울 레드삭스'],
  ];

  it.each(['openpyxl-1900.xlsx', 'openpyxl-1904.xlsx', 'namespaced.xlsx', 'libreoffice.xlsx'])(
    '%s gives the header, the right dates and times and every row',
    async (name) => {
      const rows = await readXlsx(fixture(name));
      expect(rows[0]).toEqual(['날짜', '시간', '구장', '홈', '원정']);
      expect(schedule(rows)).toEqual(expected);
    },
  );
});
