import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSite } from './site.ts';
import { createTestApp } from '../../helpers/test-app.ts';
import { checkFigureParity } from '../../../scripts/lib/figure-parity.ts';
import { seedDemo } from '../../../src/server/db/seed/demo-seed.ts';

// The API runs on its own copy of the demo data; the seed is deterministic, so ids and numbers match the build's.
const site = await openSite();
const app = await createTestApp({ seed: seedDemo });
afterAll(async () => {
  await app.close();
  await site.close();
});

describe('figure parity over the demo association', () => {
  it('gives the same standings, team lines, team totals and player records in the API, the pages and the CSV', async () => {
    const { mismatches, compared } = await checkFigureParity(
      {
        async page(path) {
          const file = join(site.siteDir, path, 'index.html');
          return existsSync(file) ? readFileSync(file, 'utf8') : null;
        },
        async csv(path) {
          const res = await fetch(site.origin + path);
          return res.ok ? res.text() : null;
        },
        async api(path) {
          const res = await app.api('GET', path);
          expect(res.status, path).toBe(200);
          return res.body.data;
        },
      },
      site.index,
    );
    // every league, team and player was compared, not an empty set
    expect(compared.leagues).toBe(site.index.leagues.length);
    // a batting and a pitching totals line for every team with lines in a league
    expect(compared.totals).toBeGreaterThanOrEqual(site.index.leagueTeams.length);
    expect(compared.players).toBeGreaterThan(100);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(mismatches).toHaveLength(0);
  });
});
