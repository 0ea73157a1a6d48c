import { menuItems } from '../lib/paths.ts';
import type { MenuSection, SeasonRef } from '../lib/paths.ts';

/**
 * Points the main menu's season links at a season. Pages of no season (notices, policies) are built
 * with the active season's links; once the visitor has chosen another season, the menu follows it.
 */
export function carrySeasonIntoMenu(season: SeasonRef, root: ParentNode = document): void {
  const hrefs = new Map<string, string>(
    menuItems(season).map((item): [MenuSection, string] => [item.section, item.href]),
  );
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-menu-section]')) {
    const href = hrefs.get(link.dataset.menuSection ?? '');
    if (href) link.setAttribute('href', href);
  }
}
