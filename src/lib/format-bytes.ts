const units = ['바이트', 'KB', 'MB', 'GB', 'TB'];

/** A size as staff read it: 512바이트, 3.4KB, 12MB (1KB = 1024 bytes; one decimal, none when whole). */
export function formatBytes(bytes: number | bigint): string {
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 10) / 10}${units[unit]}`;
}
