import { describe, expect, it } from 'vitest';
import { backupsToKeep } from './backup-retention.ts';

const at = (iso: string) => ({ name: `b-${iso}`, time: new Date(iso) });

describe('backupsToKeep', () => {
  it('keeps everything while there are ten or fewer', () => {
    const list = Array.from({ length: 10 }, (_, i) => at(`2026-03-01T0${i}:00:00+09:00`));
    expect(backupsToKeep(list).size).toBe(10);
  });

  it('keeps the ten newest, the newest of each of 7 recent days and of each of 4 recent weeks', () => {
    // hourly backups for 60 days
    const list = Array.from({ length: 60 * 24 }, (_, h) =>
      at(new Date(Date.parse('2026-01-01T00:00:00+09:00') + h * 3600_000).toISOString()),
    );
    const keep = backupsToKeep(list);
    const newest = [...list].reverse();
    for (const b of newest.slice(0, 10)) expect(keep.has(b.name)).toBe(true);
    // 10 newest (all on the last day) + 6 more days + 3 more weeks (Monday weeks in Asia/Seoul)
    expect(keep.size).toBe(10 + 6 + 3);
    expect(keep.has(newest[10].name)).toBe(false);
  });

  it('counts days in Asia/Seoul: 23:30 UTC is the next morning there', () => {
    const a = at('2026-03-01T23:30:00Z'); // 3월 2일 08:30 KST
    const b = at('2026-03-02T10:00:00Z'); // 3월 2일 19:00 KST
    const older = Array.from({ length: 10 }, (_, i) =>
      at(`2026-02-${String(i + 1).padStart(2, '0')}T00:00:00Z`),
    );
    const keep = backupsToKeep([a, b, ...older], { newest: 1, days: 2, weeks: 0 });
    expect(keep.has(b.name)).toBe(true);
    expect(keep.has(a.name)).toBe(false); // same KST day as b
  });
});
