import { describe, expect, it } from 'vitest';
import { dependents, shareKeyStrings } from './change-keys.ts';
import type { BuildDeps } from './static-site.ts';

const live: BuildDeps = {
  code: 'c1',
  files: {
    'sbsa/result/game/3/9/index.html': ['game:9', 'games:3', 'site'],
    'sbsa/result/league/index.html': ['games:3', 'league:3', 'site'],
    'sbsa/stats/team/4/player/7/index.html': ['game:9', 'player:7', 'site'],
    'sbsa/notice/index.html': ['notices', 'site'],
    'sitemap.xml': ['*'],
  },
};
const keys = (...k: string[]) => new Set(k);

describe('dependents', () => {
  it('finds the files that read a key, and those that read something unnamed', () => {
    expect(dependents(live, keys('game:9')).sort()).toEqual([
      'sbsa/result/game/3/9/index.html',
      'sbsa/stats/team/4/player/7/index.html',
      'sitemap.xml',
    ]);
    expect(dependents(live, keys('nothing'))).toEqual(['sitemap.xml']);
  });

  it("answers from each build's own keys: a file rendered again is found by what it reads now", () => {
    const next: BuildDeps = {
      code: 'c1',
      files: {
        ...live.files,
        // the player no longer shows game 9, and now shows game 10
        'sbsa/stats/team/4/player/7/index.html': ['game:10', 'player:7', 'site'],
      },
    };
    expect(dependents(next, keys('game:9')).sort()).toEqual([
      'sbsa/result/game/3/9/index.html',
      'sitemap.xml',
    ]);
    expect(dependents(next, keys('game:10', 'notices')).sort()).toEqual([
      'sbsa/notice/index.html',
      'sbsa/stats/team/4/player/7/index.html',
      'sitemap.xml',
    ]);
    // the build it came from is unchanged (a rollback)
    expect(dependents(live, keys('game:9')).sort()).toEqual([
      'sbsa/result/game/3/9/index.html',
      'sbsa/stats/team/4/player/7/index.html',
      'sitemap.xml',
    ]);
  });

  it('keeps every key of a build read from disk when its files share the key strings', () => {
    const read = JSON.parse(JSON.stringify(live)) as BuildDeps;
    shareKeyStrings(read);
    expect(read).toEqual(live);
    for (const k of ['game:9', 'games:3', 'site', 'nothing'])
      expect(dependents(read, keys(k)).sort()).toEqual(dependents(live, keys(k)).sort());
  });
});
