import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_REDIRECTS, decodePath, parseRedirects, redirectFor } from './redirects.ts';
import type { LoadedSite } from './static-site.ts';

const siteWith = (text: string): LoadedSite => ({
  id: 't',
  files: new Map(),
  pages: 0,
  redirects: parseRedirects(text),
});

const RULES = `# comment line
/sbsa/schedule/league/12 /sbsa/season/3/schedule/league/12 301
/sbsa/stats/team/7/player/5 /sbsa/season/2/stats/team/7/player/5 301

/sbsa/stats/team/7/* /sbsa/season/3/stats/team/7/:splat 301
/sbsa/schedule/league/12/* /sbsa/season/3/schedule/league/12/:splat 301
/sbsa/result/game/12/*   /sbsa/season/3/result/game/12/:splat
`;

describe('parseRedirects', () => {
  it('reads exact and splat rules, skips comments and blank lines, defaults to 301', () => {
    const rules = parseRedirects(RULES);
    expect(rules.size).toBe(5);
    expect([...rules.exact.keys()]).toEqual([
      '/sbsa/schedule/league/12',
      '/sbsa/stats/team/7/player/5',
    ]);
    expect([...rules.prefix.keys()]).toEqual([
      '/sbsa/stats/team/7',
      '/sbsa/schedule/league/12',
      '/sbsa/result/game/12',
    ]);
    expect(rules.prefix.get('/sbsa/result/game/12')).toEqual({
      from: '/sbsa/result/game/12/*',
      to: '/sbsa/season/3/result/game/12/:splat',
      status: 301,
    });
  });

  it('keeps the first rule for a source, as a static host reading top-down does', () => {
    const rules = parseRedirects('/a /first 301\n/a /second 301\n/a/ /third 301\n');
    expect(rules.size).toBe(1);
    expect(rules.exact.get('/a')!.to).toBe('/first');
  });

  it('skips what it does not understand instead of guessing', () => {
    const rules = parseRedirects(
      [
        '/ext https://evil.example/ 301', // external target
        '/proto //evil.example/x 301', // protocol-relative target
        '/back /\\evil.example 301', // backslash target
        'relative /x 301', // source not a path
        '/x relative 301', // target not a path
        '/rewrite /x 200', // not a redirect
        '/forced /x 301!', // forced rule
        '/cond /x 301 Country=kr', // conditions
        '/news/:year /blog/:year 301', // placeholders
        '/a/*/b /c 301', // wildcard in the middle
        '/exact /to/:splat 301', // :splat without a splat
        '/q /to?x=1 301', // query in the target
        '/bad%E0%A4 /x 301', // undecodable source
        '/only-one-field',
      ].join('\n'),
    );
    expect(rules).toMatchObject({ size: 0 });
  });

  it('reads CRLF files and an empty file', () => {
    expect(parseRedirects('/a /b 301\r\n/c/* /d/:splat 308\r\n').size).toBe(2);
    expect(parseRedirects('')).toMatchObject({ size: 0 });
  });
});

describe('redirectFor', () => {
  const site = siteWith(RULES);

  it('answers exact rules, with or without a trailing slash', () => {
    expect(redirectFor(site, '/sbsa/schedule/league/12')).toBe('/sbsa/season/3/schedule/league/12');
    expect(redirectFor(site, '/sbsa/schedule/league/12/')).toBe(
      '/sbsa/season/3/schedule/league/12',
    );
    expect(redirectFor(site, '/sbsa/stats/team/7/player/5')).toBe(
      '/sbsa/season/2/stats/team/7/player/5',
    );
  });

  it('answers splat rules with the rest of the path, the exact rule winning over a prefix', () => {
    expect(redirectFor(site, '/sbsa/result/game/12/345')).toBe('/sbsa/season/3/result/game/12/345');
    expect(redirectFor(site, '/sbsa/schedule/league/12/77')).toBe(
      '/sbsa/season/3/schedule/league/12/77',
    );
    expect(redirectFor(site, '/sbsa/stats/team/7/players')).toBe(
      '/sbsa/season/3/stats/team/7/players',
    );
    expect(redirectFor(site, '/sbsa/stats/team/7/player/6')).toBe(
      '/sbsa/season/3/stats/team/7/player/6',
    );
    // the exact rule for player 5 beats the team's prefix
    expect(redirectFor(site, '/sbsa/stats/team/7/player/5/')).toBe(
      '/sbsa/season/2/stats/team/7/player/5',
    );
    // the prefix itself, with and without its slash
    expect(redirectFor(site, '/sbsa/result/game/12')).toBe('/sbsa/season/3/result/game/12');
    expect(redirectFor(site, '/sbsa/result/game/12/')).toBe('/sbsa/season/3/result/game/12/');
    expect(redirectFor(site, '/sbsa/result/game/12/345/')).toBe(
      '/sbsa/season/3/result/game/12/345/',
    );
  });

  it('matches whole segments only', () => {
    expect(redirectFor(site, '/sbsa/result/game/123/4')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/result/game/1')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/stats/team/70/players')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/schedule/league/120')).toBeUndefined();
    expect(redirectFor(site, '/sbsa')).toBeUndefined();
    expect(redirectFor(site, '/')).toBeUndefined();
  });

  it('decodes the path before matching and encodes the splat again', () => {
    expect(redirectFor(site, '/sbsa/result/game/%31%32/345')).toBe(
      '/sbsa/season/3/result/game/12/345',
    );
    expect(redirectFor(site, '/sbsa/result/game/12/%ED%95%9C%20x')).toBe(
      '/sbsa/season/3/result/game/12/%ED%95%9C%20x',
    );
    expect(redirectFor(site, '/sbsa/result/game/12/a%3Fb%23c')).toBe(
      '/sbsa/season/3/result/game/12/a%3Fb%23c',
    );
    expect(redirectFor(site, '/sbsa/result/game/12/%E0%A4%A')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/result/game/12/%00')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/result/game/12/../../../admin')).toBeUndefined();
    expect(redirectFor(site, '/sbsa/result/game/12/%2E%2E/x')).toBeUndefined();
  });

  it('ignores a query string or fragment handed over with the path', () => {
    expect(redirectFor(site, '/sbsa/schedule/league/12?x=1')).toBe(
      '/sbsa/season/3/schedule/league/12',
    );
    expect(redirectFor(site, '/sbsa/result/game/12/9#top')).toBe('/sbsa/season/3/result/game/12/9');
  });

  it('never leads off the site', () => {
    const catchAll = siteWith('/* /:splat 301\n/go/* /:splat 301\n/x/* /y/:splat 301\n');
    for (const path of [
      '//evil.example',
      '/go//evil.example',
      '/go/\\evil.example',
      '/go/%2F%2Fevil.example',
      '/x//evil.example',
      '/go/%5Cevil.example',
    ]) {
      const to = redirectFor(catchAll, path);
      if (to !== undefined) {
        expect(to.startsWith('/'), `${path} → ${to}`).toBe(true);
        expect(to.startsWith('//') || to.startsWith('/\\'), `${path} → ${to}`).toBe(false);
        expect(new URL(to, 'https://sbsa.example.kr').origin).toBe('https://sbsa.example.kr');
      }
    }
    fc.assert(
      fc.property(fc.string(), fc.webPath(), (junk, path) => {
        for (const p of [
          path,
          `/${junk}`,
          `/go/${junk}`,
          `/go/${encodeURIComponent(junk)}`,
          `/x/${junk}`,
        ]) {
          const to = redirectFor(catchAll, p.startsWith('/') ? p : `/${p}`);
          if (
            to !== undefined &&
            new URL(to, 'https://sbsa.example.kr').origin !== 'https://sbsa.example.kr'
          )
            return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('answers nothing for a site without rules', () => {
    expect(
      redirectFor({ ...site, redirects: NO_REDIRECTS }, '/sbsa/result/game/12/1'),
    ).toBeUndefined();
  });

  it('looks up by prefix, not by scanning the rules', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 50_000; i++)
      lines.push(`/sbsa/result/game/${i}/* /sbsa/season/1/result/game/${i}/:splat 301`);
    const big = siteWith(lines.join('\n'));
    expect(big.redirects.size).toBe(50_000);
    let found = 0;
    const started = performance.now();
    for (let i = 1; i <= 50_000; i++)
      if (redirectFor(big, `/sbsa/result/game/${i}/9`) === `/sbsa/season/1/result/game/${i}/9`)
        found++;
    for (let i = 0; i < 50_000; i++)
      if (redirectFor(big, `/sbsa/notice/${i}`) !== undefined) found = -1;
    // 100,000 lookups over 50,000 rules take well under a second; a scan would take minutes
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(found).toBe(50_000);
  });
});

describe('decodePath', () => {
  it('decodes percent escapes and refuses a path that climbs or does not decode', () => {
    expect(decodePath('/sbsa/result/league')).toBe('/sbsa/result/league');
    expect(decodePath('/sbsa/%EA%B3%B5%EC%A7%80')).toBe('/sbsa/공지');
    expect(decodePath('/sbsa/v1..2/a..b')).toBe('/sbsa/v1..2/a..b');
    expect(decodePath('/sbsa/../admin')).toBeNull();
    expect(decodePath('/sbsa/%2e%2e/admin')).toBeNull();
    expect(decodePath('/sbsa/%2E%2E')).toBeNull();
    expect(decodePath('/sbsa/%zz')).toBeNull();
    expect(decodePath('/sbsa/a%00b')).toBeNull();
  });
});
