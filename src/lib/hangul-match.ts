/**
 * Korean-aware matching for search boxes (the admin lists, the records room's player search). A
 * query matches a text when it occurs in it, where a lone initial consonant (ㅎ) stands for any
 * syllable beginning with it (ㅎㄱㄷ and 홍ㄱ동 find 홍길동) and a last syllable still being composed
 * matches the syllables that grow from it (홍기 → 홍길동, 홍길 → 홍길동). Latin letters compare
 * without case; spaces are ignored.
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** Compatibility jamo of the 19 initial consonants, in syllable order. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** Final consonants (index in a syllable) and the initial they become when the next syllable is typed. */
const FINAL_TO_INITIAL: Readonly<Record<number, number>> = {
  1: 0,
  2: 1,
  4: 2,
  7: 3,
  8: 5,
  16: 6,
  17: 7,
  19: 9,
  20: 10,
  21: 11,
  22: 12,
  23: 14,
  24: 15,
  25: 16,
  26: 17,
  27: 18,
};

type Token =
  | { kind: 'char'; ch: string }
  | { kind: 'initial'; index: number }
  | { kind: 'composing'; code: number };

const isSyllable = (code: number) => code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
const initialOf = (code: number) => Math.floor((code - SYLLABLE_FIRST) / 588);
const medialOf = (code: number) => Math.floor(((code - SYLLABLE_FIRST) % 588) / 28);
const finalOf = (code: number) => (code - SYLLABLE_FIRST) % 28;

function normalize(text: string): string[] {
  return [...text.normalize('NFC').toLowerCase()].filter((ch) => !/\s/.test(ch));
}

function tokenize(query: string): Token[] {
  const chars = normalize(query);
  return chars.map((ch, i): Token => {
    const index = INITIALS.indexOf(ch);
    if (index >= 0) return { kind: 'initial', index };
    const code = ch.charCodeAt(0);
    if (i === chars.length - 1 && isSyllable(code)) return { kind: 'composing', code };
    return { kind: 'char', ch };
  });
}

/** Whether the syllable being typed (`typed`) can still become `code`: 기 → 길, 길 → 길, 갑 → 가 + ㅂ… */
function composesInto(typed: number, code: number): boolean {
  if (typed === code) return true;
  if (
    !isSyllable(code) ||
    initialOf(typed) !== initialOf(code) ||
    medialOf(typed) !== medialOf(code)
  )
    return false;
  return finalOf(typed) === 0;
}

function tokenMatches(token: Token, chars: readonly string[], at: number): boolean {
  const ch = chars[at];
  const code = ch.charCodeAt(0);
  switch (token.kind) {
    case 'char':
      return token.ch === ch;
    case 'initial':
      return isSyllable(code) && initialOf(code) === token.index;
    case 'composing': {
      if (composesInto(token.code, code)) return true;
      // The IME may have put the next syllable's initial under this one: 갑 while typing 가방.
      const final = finalOf(token.code);
      const next = chars[at + 1];
      if (final === 0 || next === undefined || FINAL_TO_INITIAL[final] === undefined) return false;
      const bare = token.code - final;
      const nextCode = next.charCodeAt(0);
      return (
        bare === code && isSyllable(nextCode) && initialOf(nextCode) === FINAL_TO_INITIAL[final]
      );
    }
  }
}

/** Whether `text` contains `query` in the sense above; a blank query matches everything. */
export function hangulMatch(text: string, query: string): boolean {
  const tokens = tokenize(query);
  if (tokens.length === 0) return true;
  const chars = normalize(text);
  for (let start = 0; start + tokens.length <= chars.length; start++) {
    if (tokens.every((token, i) => tokenMatches(token, chars, start + i))) return true;
  }
  return false;
}

/** The initial consonants of a text (홍길동 → ㅎㄱㄷ), other characters kept. */
export function initialsOf(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return isSyllable(code) ? INITIALS[initialOf(code)] : ch;
    })
    .join('');
}
