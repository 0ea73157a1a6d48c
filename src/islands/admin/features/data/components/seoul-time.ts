const format = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

/** An instant in Asia/Seoul whatever the browser's zone, as backup names give it: 2026. 03. 02. 03:05:09 */
export const seoulTime = (iso: string) => format.format(new Date(iso));
