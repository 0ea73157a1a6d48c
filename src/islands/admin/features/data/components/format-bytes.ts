const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A file size as staff read it: 512B, 3.4KB, 12.0MB (1KB = 1024B). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value}B` : `${value.toFixed(1)}${units[unit]}`;
}
