import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeCsv, parseCsv, readXlsx } from './sheet-file.ts';
import { SheetError } from './sheet-rules.ts';
import { readDate, readTime } from './sheet-cells.ts';
import { MAX_SHEET_ROWS } from './sheet-file.ts';
import { makeXlsx, zip } from '../../../tests/api/_game-fixtures.ts';

describe('CSV', () => {
  it('splits quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\n"two\nlines",x,\n')).toEqual([
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
    expect(() => parseCsv('"open')).toThrow('CSV 파일의 따옴표(")가 닫히지 않았습니다.');
  });

  it('stops reading past the row limit, in Korean', () => {
    expect(parseCsv('a\n'.repeat(MAX_SHEET_ROWS))).toHaveLength(MAX_SHEET_ROWS);
    expect(() => parseCsv('a\n'.repeat(MAX_SHEET_ROWS + 1))).toThrow(/행이 너무 많습니다/);
  });

  it('drops a UTF-8 BOM and falls back to CP949', () => {
    expect(decodeCsv(new TextEncoder().encode('\ufeff날짜'))).toBe('날짜');
    expect(decodeCsv(new Uint8Array([0xb3, 0xaf, 0xc2, 0xa5]))).toBe('날짜');
    // 똠 is one of the syllables CP949 adds to EUC-KR (lead byte 0x8C)
    expect(decodeCsv(new Uint8Array([0x8c, 0x63, 0xb9, 0xe6]))).toBe('똠방');
    expect(() => decodeCsv(new Uint8Array([0xb3, 0xaf, 0xff]))).toThrow(/글자 인코딩/);
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

describe('CSV from LibreOffice Calc (tests/fixtures/schedules/make-fixtures.py)', () => {
  const expected = [
    ['부산 갈매기', '2026-04-04', '서울 레드삭스', '14:00', '잠실'],
    ['서울 레드삭스', '2026-04-05', '부산 갈매기', '10:30', '똠방 구장'],
    ['부산 갈매기', '2026-04-11', '서울 레드삭스', '14:00', '잠실'],
    ['서울 레드삭스', '2026-04-12', '부산 갈매기', '13:30', '사직'],
  ];
  it.each(['libreoffice-utf8.csv', 'libreoffice-cp949.csv'])(
    '%s gives the header, Korean dates and times and every row',
    (name) => {
      const bytes = readFileSync(
        new URL(`../../../tests/fixtures/schedules/${name}`, import.meta.url),
      );
      const rows = parseCsv(decodeCsv(new Uint8Array(bytes)));
      expect(rows[0]).toEqual(['원정팀', '날짜', '홈팀', '시간', '구장']);
      expect(
        rows
          .slice(1)
          .map(([away, date, home, time, venue]) => [
            away,
            readDate(date, 2026),
            home,
            readTime(time),
            venue,
          ]),
      ).toEqual(expected);
    },
  );
});

describe('xlsx from real producers (tests/fixtures/schedules/make-fixtures.py)', () => {
  const fixture = (name: string) =>
    new Uint8Array(
      readFileSync(new URL(`../../../tests/fixtures/schedules/${name}`, import.meta.url)),
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
