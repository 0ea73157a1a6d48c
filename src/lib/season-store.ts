import { persistentAtom } from '@nanostores/persistent';

/** The season id the visitor last chose in the menu ('' until then), kept in localStorage across pages and tabs. */
export const $chosenSeason = persistentAtom<string>('sbsa:season', '');

/** Remembers a season as the visitor's choice. */
export function chooseSeason(seasonId: number): void {
  $chosenSeason.set(String(seasonId));
}

/**
 * The season the menu shows as chosen: the page's own season when the page belongs to one (the URL
 * is the truth), else the remembered choice if it still exists, else the active season.
 */
export function shownSeason(
  pageSeasonId: number | null,
  remembered: string,
  seasonIds: readonly number[],
  activeId: number,
): number {
  if (pageSeasonId !== null) return pageSeasonId;
  const id = Number(remembered);
  return remembered !== '' && seasonIds.includes(id) ? id : activeId;
}
