/** How many backups survive pruning: the newest N, plus one per recent day and one per recent week. */
export const retention = { newest: 10, days: 7, weeks: 4 };

export interface Dated {
  name: string;
  time: Date;
}

const kstDay = (t: Date) => new Date(t.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** Monday of the (Asia/Seoul) week, as YYYY-MM-DD. */
function kstWeek(t: Date): string {
  const local = new Date(t.getTime() + 9 * 3600_000);
  const weekday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - weekday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The names to keep: the `newest` most recent backups, the newest backup of each of the `days`
 * most recent days that have one, and of each of the `weeks` most recent weeks. Everything else goes.
 */
export function backupsToKeep(backups: Dated[], policy = retention): Set<string> {
  const sorted = [...backups].sort(
    (a, b) => b.time.getTime() - a.time.getTime() || b.name.localeCompare(a.name),
  );
  const keep = new Set(sorted.slice(0, policy.newest).map((b) => b.name));
  const newestPer = (key: (t: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of sorted) {
      const k = key(b.time);
      if (seen.has(k)) continue;
      if (seen.size === count) break;
      seen.add(k);
      keep.add(b.name);
    }
  };
  newestPer(kstDay, policy.days);
  newestPer(kstWeek, policy.weeks);
  return keep;
}
