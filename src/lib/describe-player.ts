/** What tells two players of the same name apart on staff screens. */
export interface PlayerIdentity {
  name: string;
  /** the teams he is with now (empty: no team) */
  teams: readonly string[];
  /** absent when the reader may not see it */
  birthDate?: string | null;
}

/**
 * '김민준 · 서울 이글스 · 1990년생': the name with team and birth year, for lists and accessible names.
 * A reader who may not see the birth date gets name and team only: '생년 모름' would claim a fact.
 */
export function describePlayer({ name, teams, birthDate }: PlayerIdentity): string {
  const team = teams.length > 0 ? teams.join(', ') : '소속 팀 없음';
  if (birthDate === undefined) return `${name} · ${team}`;
  const year = birthDate ? `${birthDate.slice(0, 4)}년생` : '생년 모름';
  return `${name} · ${team} · ${year}`;
}
