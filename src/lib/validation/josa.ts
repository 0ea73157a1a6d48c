/** A Korean particle pair: the form after a final consonant, then the form after a vowel. */
export type JosaPair = '을/를' | '이/가' | '은/는' | '과/와' | '으로/로';

/** What a word's reading ends with: a vowel, the final ㄹ (which takes 로), or another final consonant. */
type Ending = 'vowel' | 'rieul' | 'consonant';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL_FINAL = 8;

// Sino-Korean digit readings: 영 일 이 삼 사 오 육 칠 팔 구
const DIGIT_ENDINGS: readonly Ending[] = [
  'consonant',
  'rieul',
  'vowel',
  'consonant',
  'vowel',
  'vowel',
  'consonant',
  'rieul',
  'rieul',
  'vowel',
];

// Letter names as Koreans read them: 엘 (L), 엠 (M), 엔 (N), 알 (R); the rest end in a vowel (에이, 비, 에프 …).
const LETTER_ENDINGS: Readonly<Record<string, Ending>> = {
  l: 'rieul',
  m: 'consonant',
  n: 'consonant',
  r: 'rieul',
};

// Place words read after trailing zeros: 십 (10), 백, 천, 만 (10^4…10^7), 억 (10^8…), 조 (10^12…), 경 (10^16…)
function placeEnding(zeros: number): Ending {
  if (zeros >= 16) return 'consonant';
  if (zeros >= 12) return 'vowel';
  return 'consonant';
}

function numberEnding(digits: string, afterDecimalPoint: boolean): Ending {
  const zeros = digits.length - digits.replace(/0+$/, '').length;
  if (afterDecimalPoint || zeros === 0 || zeros === digits.length)
    return DIGIT_ENDINGS[Number(digits.at(-1))];
  return placeEnding(zeros);
}

// Lowercase words are read as words, not spelled: team (팀), file (파일), ring (링); anything else reads as a vowel.
function wordEnding(word: string): Ending {
  if (/(?:l|le)$/.test(word)) return 'rieul';
  if (/(?:m|n|ng|ck)$/.test(word)) return 'consonant';
  return 'vowel';
}

function readingEnding(word: string): Ending | undefined {
  // A trailing parenthetical is an aside: '생년월일(YYYY-MM-DD)' takes the particle of 생년월일.
  const text = word.replace(/\s*\([^()]*\)\s*$/, '').replace(/[\s"'’”»)\]}.,!?:;~-]+$/, '');
  const last = text.at(-1);
  if (last === undefined) return undefined;
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    if (final === 0) return 'vowel';
    return final === RIEUL_FINAL ? 'rieul' : 'consonant';
  }
  const number = /(\.?)(\d[\d,]*)$/.exec(text);
  if (number) return numberEnding(number[2].replaceAll(',', ''), number[1] === '.');
  const latin = /[A-Za-z]+$/.exec(text)?.[0];
  if (latin) {
    const lastLetter = latin.at(-1)!;
    const spelled = latin.length === 1 || latin === latin.toUpperCase() || /[A-Z]$/.test(latin);
    if (spelled) return LETTER_ENDINGS[lastLetter.toLowerCase()] ?? 'vowel';
    return wordEnding(latin.toLowerCase());
  }
  return undefined;
}

/** The particle alone, e.g. `pickJosa('이름', '을/를') === '을'`; '을(를)' when the reading is unknown. */
export function pickJosa(word: string, pair: JosaPair): string {
  const [withFinal, withoutFinal] = pair.split('/') as [string, string];
  const ending = readingEnding(word);
  if (ending === undefined) return pair === '으로/로' ? '(으)로' : `${withFinal}(${withoutFinal})`;
  if (ending === 'vowel') return withoutFinal;
  if (ending === 'rieul' && pair === '으로/로') return withoutFinal;
  return withFinal;
}

/** The word followed by the particle its last syllable calls for, e.g. `josa('비밀번호', '을/를') === '비밀번호를'`. */
export function josa(word: string, pair: JosaPair): string {
  return word + pickJosa(word, pair);
}
