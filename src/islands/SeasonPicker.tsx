import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $chosenSeason, chooseSeason, shownSeason } from '../lib/season-store.ts';
import { carrySeasonIntoMenu } from './carry-season-into-menu.ts';

/** A season of the menu with the page it leads to. */
export interface SeasonChoice {
  id: number;
  name: string;
  active: boolean;
  href: string;
}

interface Props {
  seasons: SeasonChoice[];
  /** the season the page belongs to; null on pages of no season (notices, policies) */
  pageSeasonId: number | null;
  activeId: number;
}

/**
 * The season menu. Without JavaScript it is a disclosure list of links; once hydrated it becomes a
 * select that remembers the choice and goes to that season's copy of the page.
 */
export default function SeasonPicker({ seasons, pageSeasonId, activeId }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const remembered = useStore($chosenSeason, { ssr: 'initial' });
  const ids = seasons.map((s) => s.id);
  const current = enhanced
    ? shownSeason(pageSeasonId, remembered, ids, activeId)
    : (pageSeasonId ?? activeId);
  const [selected, setSelected] = useState(current);
  const keyboardChange = useRef(false);
  const selectId = useId();

  useEffect(() => setEnhanced(true), []);
  useEffect(() => setSelected(current), [current]);
  // A page of no season shows the remembered season, and its main menu leads there too.
  useEffect(() => {
    if (!enhanced || pageSeasonId !== null) return;
    const season = seasons.find((s) => s.id === current);
    if (season) carrySeasonIntoMenu({ id: season.id, active: season.active });
  }, [enhanced, pageSeasonId, current, seasons]);

  const go = (seasonId: number) => {
    const season = seasons.find((s) => s.id === seasonId);
    if (!season) return;
    chooseSeason(season.id);
    if (season.id !== current || pageSeasonId === null) window.location.assign(season.href);
  };

  const onChange = (value: number) => {
    setSelected(value);
    // Arrow keys on a closed select fire change on every step: wait for Enter or the button instead.
    if (keyboardChange.current) return;
    go(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      go(selected);
    } else {
      keyboardChange.current = true;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(selected);
  };

  const currentName = seasons.find((s) => s.id === current)?.name ?? '';

  if (!enhanced) {
    return (
      <details className="season-picker season-picker--links">
        <summary>
          <span className="season-picker__label">시즌</span> {currentName}
        </summary>
        <ul>
          {seasons.map((season) => (
            <li key={season.id}>
              <a href={season.href} aria-current={season.id === current ? 'true' : undefined}>
                {season.name}
                {season.active ? ' (진행 시즌)' : ''}
              </a>
            </li>
          ))}
        </ul>
      </details>
    );
  }

  return (
    <form className="season-picker season-picker--select" onSubmit={onSubmit}>
      <label className="season-picker__label" htmlFor={selectId}>
        시즌
      </label>
      <select
        id={selectId}
        value={selected}
        onChange={(event) => onChange(Number(event.target.value))}
        onKeyDown={onKeyDown}
        onPointerDown={() => {
          keyboardChange.current = false;
        }}
        onBlur={() => {
          keyboardChange.current = false;
        }}
      >
        {seasons.map((season) => (
          <option key={season.id} value={season.id}>
            {season.name}
            {season.active ? ' (진행 시즌)' : ''}
          </option>
        ))}
      </select>
      <button type="submit">이동</button>
    </form>
  );
}
