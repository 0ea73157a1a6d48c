import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+82')).toBe("'+82");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('--')).toBe("'--");
    expect(csvCell('-1-1')).toBe("'-1-1");
    expect(csvCell('-1e3')).toBe("'-1e3");
    expect(csvCell('-1.')).toBe("'-1.");
    expect(csvCell('-A1')).toBe("'-A1");
    expect(csvCell('- 1')).toBe("'- 1");
    expect(csvCell('-1\n')).toBe('"\'-1\n"');
    expect(csvCell('+1')).toBe("'+1");
  });

  it('lets a lone dash and negative numbers written as text through', () => {
    expect(csvCell('-')).toBe('-');
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell('-.5')).toBe('-.5');
    expect(csvCell('-12.25')).toBe('-12.25');
  });

  it('keeps numbers, including negative ones, as numbers', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0.5)).toBe('0.5');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('그는 "최고"')).toBe('"그는 ""최고"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  it('writes empty cells for missing values', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a BOM and ends every row with CRLF', () => {
    const csv = toCsv(
      ['팀', '승'],
      [
        ['서울 유니콘스', 3],
        ['=evil', null],
      ],
    );
    expect(csv).toBe("\uFEFF팀,승\r\n서울 유니콘스,3\r\n'=evil,\r\n");
  });
});
