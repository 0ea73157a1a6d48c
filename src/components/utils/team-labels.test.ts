import { describe, expect, it } from 'vitest';
import { teamLabels } from './team-labels.ts';

describe('team labels', () => {
  it('gives each team its short name while no other team shows the same one', () => {
    const labels = teamLabels([
      { id: 1, name: '서울 레드삭스', shortName: '레드삭스' },
      { id: 2, name: '부산 갈매기', shortName: '갈매기' },
    ]);
    expect([...labels]).toEqual([
      [1, '레드삭스'],
      [2, '갈매기'],
    ]);
  });

  it('gives the full name to each team whose short name another team shows too', () => {
    const labels = teamLabels([
      { id: 1, name: '서울 레드삭스', shortName: '레드삭스' },
      { id: 2, name: '부산 갈매기', shortName: '갈매기' },
      { id: 3, name: '대구 갈매기', shortName: '갈매기' },
      // no short name of its own: shown by its name, which is another team's short name
      { id: 4, name: '레드삭스', shortName: '레드삭스' },
    ]);
    expect([...labels]).toEqual([
      [1, '서울 레드삭스'],
      [2, '부산 갈매기'],
      [3, '대구 갈매기'],
      [4, '레드삭스'],
    ]);
  });
});
