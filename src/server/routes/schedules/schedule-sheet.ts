import { inflateRawSync } from 'node:zlib';
import type { SheetCell } from '../../services/schedules.ts';

/**
 * Reads an uploaded schedule sheet into rows of cells: CSV (UTF-8 with or without BOM, or the
 * CP949/EUC-KR Excel saves on Korean Windows) and xlsx (first worksheet, read straight from the zip
 * with node:zlib; no third-party package). xlsx numbers stay numbers so Excel dates and times can be
 * read as serials; everything else is text.
 */

/** A file that cannot be read as a sheet; the message is Korean and safe to show. */
export class SheetError extends Error {}

/* ---------- CSV ---------- */

/** Text of a CSV file: UTF-8 (BOM dropped), or CP949 when the bytes are not UTF-8. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      throw new SheetError('CSV 파일의 글자 인코딩을 읽을 수 없습니다. UTF-8로 저장해 주세요.');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Splits CSV text into rows: quoted fields with "" escapes and line breaks, CRLF/LF/CR, comma (or tab/semicolon when the first line has no comma). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes('\t')
      ? '\t'
      : firstLine.includes(';')
        ? ';'
        : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) throw new SheetError('CSV 파일의 따옴표(")가 닫히지 않았습니다.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((r) => r.map((cell) => cell.trim()));
}

/* ---------- xlsx (a zip of XML files) ---------- */

/** Largest inflated part of an xlsx; a schedule sheet is far smaller. */
const MAX_ENTRY_BYTES = 20 * 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The entries of a zip file from its central directory. */
function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  const broken = () => new SheetError('엑셀 파일이 손상되었거나 xlsx 형식이 아닙니다.');
  if (buf.length < 22) throw broken();
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) throw broken();
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > buf.length) throw broken();
    const name = buf.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, {
      name,
      flags: buf.readUInt16LE(offset + 8),
      method: buf.readUInt16LE(offset + 10),
      compressedSize: buf.readUInt32LE(offset + 20),
      size: buf.readUInt32LE(offset + 24),
      localOffset: buf.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readEntry(buf: Buffer, entry: ZipEntry): string {
  const broken = new SheetError('엑셀 파일이 손상되었거나 xlsx 형식이 아닙니다.');
  if (entry.flags & 1)
    throw new SheetError('암호가 걸린 엑셀 파일은 읽을 수 없습니다. 암호를 풀고 다시 올려 주세요.');
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw broken;
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw broken;
  const data = buf.subarray(start, end);
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method !== 8) throw new SheetError('지원하지 않는 압축 방식의 엑셀 파일입니다.');
  try {
    return inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES }).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new SheetError(
        '압축을 푼 엑셀 파일이 너무 큽니다. 일정표에 필요한 시트만 남기고 다시 올려 주세요.',
      );
    throw broken;
  }
}

/** Decodes XML character references and OOXML's _xHHHH_ escapes. */
export function decodeXml(text: string): string {
  return text
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, ref: string) => {
      switch (ref) {
        case 'lt':
          return '<';
        case 'gt':
          return '>';
        case 'amp':
          return '&';
        case 'quot':
          return '"';
        case 'apos':
          return "'";
      }
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Text of the <t> elements inside a fragment, leaving out phonetic guides (<rPh>). */
function textOf(fragment: string): string {
  const plain = fragment.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (const m of plain.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g))
    text += decodeXml(m[1] ?? '');
  return text;
}

function attribute(attrs: string, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
}

/** 'A' → 0, 'Z' → 25, 'AA' → 26. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref.toUpperCase())?.[0] ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Path of the first worksheet, from the workbook and its relationships; sheet1.xml as a fallback. */
function firstSheetPath(files: Map<string, ZipEntry>, buf: Buffer): string {
  const fallback = files.has('xl/worksheets/sheet1.xml')
    ? 'xl/worksheets/sheet1.xml'
    : [...files.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0];
  const workbook = files.get('xl/workbook.xml');
  const rels = files.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = /<sheet\b([^>]*)\/?>/.exec(readEntry(buf, workbook));
    const relId = sheet ? attribute(sheet[1], 'r:id') : undefined;
    if (relId) {
      for (const m of readEntry(buf, rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
        if (attribute(m[1], 'Id') !== relId) continue;
        const target = attribute(m[1], 'Target') ?? '';
        const path = target.startsWith('/')
          ? target.slice(1)
          : `xl/${target}`.replace(/\/\.\//g, '/');
        if (files.has(path)) return path;
      }
    }
  }
  if (!fallback) throw new SheetError('엑셀 파일에 시트가 없습니다.');
  return fallback;
}

/** The first worksheet of an xlsx file as rows of cells (row and column positions kept). */
export function readXlsx(bytes: Uint8Array): SheetCell[][] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const files = zipEntries(buf);
  const shared: string[] = [];
  const sharedEntry = files.get('xl/sharedStrings.xml');
  if (sharedEntry) {
    for (const m of readEntry(buf, sharedEntry).matchAll(
      /<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g,
    ))
      shared.push(textOf(m[1] ?? ''));
  }
  const sheet = readEntry(buf, files.get(firstSheetPath(files, buf))!);
  const rows: SheetCell[][] = [];
  let rowIndex = -1;
  for (const rowMatch of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = Number(attribute(rowMatch[1], 'r'));
    rowIndex = Number.isInteger(r) && r > 0 ? r - 1 : rowIndex + 1;
    if (rowIndex > 100_000) throw new SheetError('엑셀 시트의 행이 너무 많습니다.');
    const cells: SheetCell[] = [];
    let col = -1;
    for (const c of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attribute(c[1], 'r');
      col = ref ? columnIndex(ref) : col + 1;
      if (col < 0 || col > 200) continue;
      const type = attribute(c[1], 't');
      const inner = c[2] ?? '';
      const raw = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value: SheetCell = null;
      if (type === 's') value = raw === undefined ? null : (shared[Number(raw)] ?? null);
      else if (type === 'inlineStr') value = textOf(inner);
      else if (type === 'str' || type === 'e') value = raw === undefined ? null : decodeXml(raw);
      else if (type === 'b') value = raw === '1' ? 'TRUE' : 'FALSE';
      else if (raw !== undefined) {
        const n = Number(raw);
        value = Number.isFinite(n) ? n : decodeXml(raw);
      }
      while (cells.length < col) cells.push(null);
      cells[col] = typeof value === 'string' ? value.trim() : value;
    }
    while (rows.length < rowIndex) rows.push([]);
    rows[rowIndex] = cells;
  }
  return rows;
}
