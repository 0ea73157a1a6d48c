/** One event of a calendar feed; date and time are wall-clock values in Asia/Seoul. */
export interface IcsEvent {
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM; without it the event lasts the whole day */
  time?: string | null;
  durationMinutes?: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** when the event last changed (ISO, UTC); also used as DTSTAMP so a rebuild gives the same file */
  updatedAt: string;
}

export interface IcsCalendar {
  name: string;
  description?: string;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const TZID = 'Asia/Seoul';

// Korea has kept +09:00 without daylight saving since 1988, so one STANDARD rule describes it.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  `X-LIC-LOCATION:${TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:KST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT value escaping of RFC 5545 §3.3.11. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Octets of one character in UTF-8, from its code point. */
const utf8Size = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Folds a content line at 75 octets (RFC 5545 §3.1) without splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  // Most lines are short ASCII: nothing to fold (a calendar has thousands of lines).
  if (line.length <= 75 && /^[\x00-\x7f]*$/.test(line)) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Size(char.codePointAt(0)!);
    // Continuation lines start with a space, which counts toward their 75 octets.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function utcStamp(iso: string): string {
  const date = new Date(iso);
  const valid = Number.isNaN(date.getTime()) ? new Date(0) : date;
  return valid
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function localDateTime(date: string, time: string, addMinutes = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = new Date(Date.UTC(y, m - 1, d, hh, mm + addMinutes));
  return wall.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
  ];
  if (event.time && /^\d{1,2}:\d{2}$/.test(event.time)) {
    lines.push(`DTSTART;TZID=${TZID}:${localDateTime(event.date, event.time)}`);
    lines.push(
      `DTEND;TZID=${TZID}:${localDateTime(event.date, event.time, event.durationMinutes ?? 120)}`,
    );
  } else {
    lines.push(
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`,
    );
  }
  lines.push(`SUMMARY:${escapeIcsText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`, 'END:VEVENT');
  return lines;
}

/** An iCalendar (RFC 5545) feed: Asia/Seoul VTIMEZONE, CRLF line ends, folded lines. */
export function buildIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SBSA//League Portal//KO',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeIcsText(calendar.description)}`] : []),
    ...VTIMEZONE,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** A Response carrying a calendar feed for an Astro endpoint. */
export function icsResponse(calendar: IcsCalendar): Response {
  return new Response(buildIcs(calendar), {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
  });
}
