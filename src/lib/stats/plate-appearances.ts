/** The counts a plate appearance is made of; every other way to the plate is one of them. */
export interface PlateAppearanceParts {
  ab: number;
  bb: number;
  hbp: number;
  sh: number;
  sf: number;
}

/**
 * 타석 = 타수 + 볼넷 + 사구 + 희생번트 + 희생플라이: the one formula, filled in by the record form when
 * the scorer leaves 타석 blank and checked by the box-score validator when it is typed.
 */
export function plateAppearances(line: PlateAppearanceParts): number {
  return line.ab + line.bb + line.hbp + line.sh + line.sf;
}
