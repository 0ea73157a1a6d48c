/** Path parameters of a matched route, e.g. { seasonId: '3', leagueId: '12' }. */
export type RouteParams = Record<string, string>;

/** Compiles '/admin/league/:seasonId/:leagueId/teams' (':x?' optional) into a matcher; numeric ids only. */
export function compilePattern(pattern: string): (path: string) => RouteParams | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(param[1]);
      return param[2] ? '(?:/(\\d+))?' : '/(\\d+)';
    })
    .join('');
  const regex = new RegExp(`^${source}/?$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return null;
    const params: RouteParams = {};
    names.forEach((name, i) => {
      if (match[i + 1] !== undefined) params[name] = match[i + 1];
    });
    return params;
  };
}

/** The first route whose pattern matches the path, with its parameters. */
export function matchRoute<R extends { pattern: string }>(
  routes: readonly R[],
  path: string,
): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = compilePattern(route.pattern)(path);
    if (params) return { route, params };
  }
  return null;
}
