/** What the notices about a season say: its leagues, and for finished ones the winners. */
export interface NoticeLeague {
  id: number;
  name: string;
  teamCount: number;
  start: string;
  end: string;
  champion?: string;
  runnerUp?: string;
  awards?: readonly { award: string; winner: string; note: string }[];
}
export interface NoticeSpec {
  date: string;
  time: string;
  title: string;
  body: string;
  pinned: boolean;
}

const md = (lines: readonly string[]) => lines.join('\n');
const korDate = (date: string) => {
  const [, m, d] = date.split('-').map(Number);
  return `${m}월 ${d}일`;
};

function opening(year: number, registration: string, leagues: readonly NoticeLeague[]): NoticeSpec {
  return {
    date: registration,
    time: '10:00',
    pinned: year === 2026,
    title: `${year} 시즌 리그 개막 안내`,
    body: md([
      `## ${year} 시즌 리그가 개막합니다`,
      '',
      `올해는 ${leagues.length}개 리그, ${leagues.reduce((s, l) => s + l.teamCount, 0)}개 팀이 참가합니다. 모든 경기는 7이닝제로 진행되며, 리그별 일정은 아래에서 확인하실 수 있습니다.`,
      '',
      ...leagues.map(
        (l) =>
          `- [${l.name}](/sbsa/schedule/league/${l.id}) — ${l.teamCount}개 팀, ${korDate(l.start)} 개막`,
      ),
      '',
      '### 참가 팀 유의사항',
      '',
      '1. 경기 시작 **30분 전**까지 라인업 카드를 기록원에게 제출해 주십시오.',
      '2. 리그 등록 선수만 출전할 수 있습니다. 등록되지 않은 선수가 출전하면 몰수패로 처리됩니다.',
      '3. 우천 시 경기 진행 여부는 경기 당일 오전 7시까지 공지합니다.',
      '',
      '전체 경기 일정은 [경기 일정](/sbsa/schedule/game) 메뉴에서 확인하실 수 있습니다.',
    ]),
  };
}

function finalResults(year: number, date: string, leagues: readonly NoticeLeague[]): NoticeSpec {
  const lines = [
    `## ${year} 시즌 최종 결과`,
    '',
    `${year} 시즌 모든 리그 일정이 마무리되었습니다. 한 해 동안 수고하신 선수, 지도자, 심판, 기록원 여러분께 감사드립니다.`,
    '',
  ];
  for (const l of leagues) {
    lines.push(
      `### ${l.name}`,
      '',
      `- 우승: **${l.champion ?? '-'}**`,
      `- 준우승: ${l.runnerUp ?? '-'}`,
      '',
    );
    if (l.awards && l.awards.length > 0) {
      lines.push('| 시상 | 수상자 | 기록 |', '| --- | --- | --- |');
      for (const a of l.awards) lines.push(`| ${a.award} | ${a.winner} | ${a.note} |`);
      lines.push('');
    }
  }
  lines.push('자세한 순위표는 [리그 결과](/sbsa/result/league)에서 확인하실 수 있습니다.');
  return {
    date,
    time: '14:00',
    pinned: false,
    title: `${year} 시즌 최종 순위 및 개인 시상 안내`,
    body: md(lines),
  };
}

const STATIC: readonly NoticeSpec[] = [
  {
    date: '2024-01-08',
    time: '09:30',
    pinned: false,
    title: '2024년 협회 정기총회 개최 안내',
    body: md([
      '## 정기총회 개최',
      '',
      '- 일시: 2024년 1월 27일(토) 14:00',
      '- 장소: 서울 올림픽회관 제1회의실',
      '- 안건: 2023년 결산, 2024년 사업계획 및 예산, 리그 운영 규정 개정',
      '',
      '각 팀 대표께서는 위임장을 지참하여 참석해 주시기 바랍니다.',
    ]),
  },
  {
    date: '2024-02-05',
    time: '10:00',
    pinned: false,
    title: '2024 시즌 팀 등록 및 선수 등록 안내',
    body: md([
      '## 등록 기간',
      '',
      '2024년 2월 5일(월) ~ 3월 15일(금)',
      '',
      '## 제출 서류',
      '',
      '1. 팀 등록 신청서',
      '2. 선수 명단 (성명, 생년월일, 등번호, 포지션)',
      '3. 지도자 명단',
      '',
      '여자부 선수는 여자부 팀에만 등록할 수 있으며, 한 선수는 한 시즌에 한 팀에만 등록할 수 있습니다.',
    ]),
  },
  {
    date: '2024-02-20',
    time: '11:00',
    pinned: false,
    title: '2024 공인구 및 공인 배트 안내',
    body: md([
      '## 공인구',
      '',
      '- 일반부: 12인치 공인구 (COR .44 / 압축 375 lbs)',
      '- 시니어부: 12인치 공인구 (COR .40)',
      '',
      '## 공인 배트',
      '',
      '세계소프트볼연맹 공인 마크가 있는 배트만 사용할 수 있습니다. 공인 목록은 [WBSC 홈페이지](https://www.wbsc.org)에서 확인하십시오.',
    ]),
  },
  {
    date: '2024-03-04',
    time: '10:00',
    pinned: false,
    title: '2024 심판 및 기록원 강습회 개최',
    body: md([
      '## 강습 일정',
      '',
      '- 심판 강습회: 3월 9일(토) 09:00 ~ 18:00',
      '- 기록원 교육: 3월 10일(일) 09:00 ~ 17:00',
      '',
      '### 교육 내용',
      '',
      '- 2024 개정 경기 규칙',
      '- 기록지 작성법과 온라인 기록 입력',
      '- 자책점 판정 사례',
      '',
      '참가 신청은 사무국 이메일로 받습니다.',
    ]),
  },
  {
    date: '2024-05-13',
    time: '16:00',
    pinned: false,
    title: '우천 취소 경기 처리 안내',
    body: md([
      '## 우천 취소 경기',
      '',
      '5월 12일(일) 일부 경기가 우천으로 취소되었습니다. 취소된 경기는 리그 운영위원회 결정에 따라 **재경기 없이** 종료합니다.',
      '',
      '- 순위는 승률로 산정하므로 경기 수 차이에 따른 불이익은 없습니다.',
      '- 자세한 내용은 [경기 결과](/sbsa/result/game)에서 확인하십시오.',
    ]),
  },
  {
    date: '2024-07-15',
    time: '10:00',
    pinned: false,
    title: '하계 휴식기 안내 (7월 20일 ~ 8월 20일)',
    body: md([
      '## 하계 휴식기',
      '',
      '혹서기 선수 안전을 위해 7월 20일부터 8월 20일까지 리그 경기를 편성하지 않습니다.',
      '',
      '- 후반기 재개: 8월 24일(토)',
      '- 휴식기 중 팀 자체 훈련 시 온열 질환에 각별히 유의해 주십시오.',
    ]),
  },
  {
    date: '2024-09-02',
    time: '10:00',
    pinned: true,
    title: '경기장 이용 수칙 안내',
    body: md([
      '## 모든 경기장 공통 수칙',
      '',
      '1. 경기장 내 **금연**, 음주 금지',
      '2. 금속 스파이크는 지정 구역에서만 착용',
      '3. 쓰레기는 반드시 되가져가기',
      '4. 주차는 지정 주차장만 이용',
      '',
      '## 경기장 안내',
      '',
      '- 화성 드림파크 소프트볼장: 경기도 화성시 향남읍',
      '- 서울 목동 보조구장: 서울 양천구 목동',
      '',
      '수칙을 위반한 팀에는 리그 운영 규정에 따라 경고 또는 제재가 부과될 수 있습니다.',
    ]),
  },
  {
    date: '2024-12-02',
    time: '10:00',
    pinned: false,
    title: '2024 시즌 시상식 개최 안내',
    body: md([
      '## 시상식',
      '',
      '- 일시: 2024년 12월 14일(토) 17:00',
      '- 장소: 서울 송파구 협회 회관 대강당',
      '',
      '수상자는 정장 또는 팀 유니폼을 착용하고 참석해 주십시오. 수상 명단은 [최종 순위 안내](/sbsa/notice)를 참고하십시오.',
    ]),
  },
  {
    date: '2025-01-06',
    time: '10:00',
    pinned: false,
    title: '2025 시즌 경기 규칙 개정 안내 (승부치기)',
    body: md([
      '## 주요 개정 사항',
      '',
      '### 1. 승부치기 (국제 타이브레이커)',
      '',
      '7회까지 동점이면 8회부터 **주자 2루**에 두고 공격을 시작합니다. 2루 주자는 직전 이닝 마지막 타자입니다.',
      '',
      '### 2. 콜드게임',
      '',
      '| 이닝 | 점수 차 |',
      '| --- | --- |',
      '| 3회 | 15점 |',
      '| 4회 | 10점 |',
      '| 5회 이후 | 7점 |',
      '',
      '### 3. 무승부',
      '',
      '남자 2부와 시니어부는 8회까지 동점이면 무승부로 합니다.',
    ]),
  },
  {
    date: '2025-02-03',
    time: '10:00',
    pinned: false,
    title: '2025 시즌 선수 등록 안내',
    body: md([
      '## 등록 기간',
      '',
      '2025년 2월 3일(월) ~ 3월 14일(금)',
      '',
      '## 이적 선수',
      '',
      '- 이적 선수는 전 소속 팀의 **이적 동의서**를 함께 제출해야 합니다.',
      '- 시즌 중 이적은 허용되지 않습니다.',
      '',
      '등록 양식은 사무국에 요청하시기 바랍니다.',
    ]),
  },
  {
    date: '2025-02-17',
    time: '15:00',
    pinned: false,
    title: '신규 팀 가입 승인: 세종 뉴스타즈',
    body: md([
      '## 신규 팀 가입',
      '',
      '이사회 의결에 따라 **세종 뉴스타즈**의 협회 가입을 승인하였습니다. 세종 뉴스타즈는 2025 시즌부터 남자 2부 리그에 참가합니다.',
      '',
      '새로운 팀의 합류를 환영합니다.',
    ]),
  },
  {
    date: '2025-03-03',
    time: '10:00',
    pinned: false,
    title: '2025 심판 강습회 및 기록원 교육',
    body: md([
      '## 일정',
      '',
      '- 심판 강습회: 3월 8일(토)',
      '- 기록원 교육: 3월 9일(일)',
      '',
      '올해부터 모든 경기 기록은 온라인 기록 시스템으로 입력합니다. 기록원은 반드시 교육에 참석해 주십시오.',
    ]),
  },
  {
    date: '2025-05-19',
    time: '17:00',
    pinned: false,
    title: '선수 출장 정지 징계 안내',
    body: md([
      '## 상벌위원회 결과',
      '',
      '5월 17일 경기 중 발생한 심판 판정 항의 및 폭언과 관련하여 상벌위원회를 개최하였습니다.',
      '',
      '- 징계 내용: 해당 선수 잔여 시즌 **출장 정지**',
      '- 해당 팀: 경고 1회',
      '',
      '모든 참가자는 심판 판정을 존중해 주시기 바랍니다.',
    ]),
  },
  {
    date: '2025-06-16',
    time: '10:00',
    pinned: false,
    title: '시즌 중 선수 추가 등록 절차 안내',
    body: md([
      '## 추가 등록',
      '',
      '시즌 중 신규 선수 추가 등록은 **6월 30일까지** 가능합니다.',
      '',
      '1. 팀 관리자가 관리자 페이지에서 선수 추가',
      '2. 사무국 승인',
      '3. 승인일 이후 경기부터 출전 가능',
      '',
      '등록일 이전 경기에는 출전할 수 없습니다.',
    ]),
  },
  {
    date: '2025-07-14',
    time: '10:00',
    pinned: false,
    title: '폭염 대비 경기 운영 지침',
    body: md([
      '## 폭염 특보 시 운영 지침',
      '',
      '- 폭염 경보 발령 시 13:00 ~ 16:00 경기는 순연합니다.',
      '- 매 이닝 교대 시 수분 섭취 시간을 보장합니다.',
      '- 각 팀은 응급 처치 물품을 반드시 준비해 주십시오.',
    ]),
  },
  {
    date: '2025-07-07',
    time: '10:00',
    pinned: false,
    title: '몰수 경기 처리 기준 안내',
    body: md([
      '## 몰수 경기',
      '',
      '출전 가능 선수가 9명에 미달한 경기는 리그 운영 규정 제21조에 따라 **7 대 0 몰수**로 처리합니다.',
      '',
      '- 몰수 경기의 개인 기록은 집계하지 않습니다.',
      '- 해당 경기 결과는 [경기 결과](/sbsa/result/game)에서 확인하실 수 있습니다.',
    ]),
  },
  {
    date: '2025-12-08',
    time: '10:00',
    pinned: false,
    title: '2026 시즌 일정 수립을 위한 팀 의견 수렴',
    body: md([
      '## 의견 수렴',
      '',
      '2026 시즌 일정 수립을 위해 각 팀의 의견을 받습니다.',
      '',
      '- 희망 경기장',
      '- 경기 불가 일자',
      '- 리그 운영 개선 제안',
      '',
      '12월 26일까지 사무국 이메일로 보내 주십시오.',
    ]),
  },
  {
    date: '2026-01-12',
    time: '10:00',
    pinned: false,
    title: '2026년 정기총회 결과 안내',
    body: md([
      '## 주요 의결 사항',
      '',
      '1. 2025년 결산 승인',
      '2. 2026년 사업계획 및 예산 승인',
      '3. 시니어부 참가 팀 확대 (6개 팀)',
      '4. 온라인 리그 포털 개편',
      '',
      '회의록 전문은 사무국에서 열람하실 수 있습니다.',
    ]),
  },
  {
    date: '2026-02-02',
    time: '10:00',
    pinned: false,
    title: '2026 시즌 선수 등록 안내',
    body: md([
      '## 등록 기간',
      '',
      '2026년 2월 2일(월) ~ 3월 13일(금)',
      '',
      '## 변경 사항',
      '',
      '- 팀 관리자가 관리자 페이지에서 직접 선수 명단을 등록합니다.',
      '- 등번호는 팀 내에서 중복될 수 없습니다.',
      '',
      '문의: 사무국 (평일 10:00 ~ 17:00)',
    ]),
  },
  {
    date: '2026-02-23',
    time: '15:00',
    pinned: false,
    title: '시니어부 신규 팀 가입: 강릉 솔향 시니어',
    body: md([
      '## 신규 팀 가입',
      '',
      '**강릉 솔향 시니어**가 2026 시즌부터 시니어부 리그에 참가합니다.',
      '',
      '시니어부는 만 50세 이상 선수로 구성되며, 올해 6개 팀이 참가합니다.',
    ]),
  },
  {
    date: '2026-04-20',
    time: '10:00',
    pinned: false,
    title: '리그 포털 새 단장 안내',
    body: md([
      '## 새로워진 리그 포털',
      '',
      '- 휴대전화에서도 일정, 결과, 기록을 빠르게 확인할 수 있습니다.',
      '- 경기 결과에 이닝별 점수와 **박스스코어**가 제공됩니다.',
      '- 선수별 시즌 기록과 통산 기록을 확인할 수 있습니다.',
      '',
      '[경기 기록 보기](/sbsa/stats/teams)',
    ]),
  },
  {
    date: '2026-06-15',
    time: '10:00',
    pinned: false,
    title: '우천 연기 경기 재편성 원칙 안내',
    body: md([
      '## 재편성 원칙',
      '',
      '1. 우천 연기 경기는 시즌 마지막 라운드 이후 **예비일**에 편성합니다.',
      '2. 예비일에도 경기를 치르지 못하면 취소로 처리합니다.',
      '3. 재편성 일정은 [경기 일정](/sbsa/schedule/game)에 반영됩니다.',
    ]),
  },
  {
    date: '2026-09-07',
    time: '10:00',
    pinned: false,
    title: '하반기 심판 배정 안내',
    body: md([
      '## 하반기 심판 배정',
      '',
      '하반기 경기부터 경기당 심판 3명(주심 1, 루심 2)을 배정합니다.',
      '',
      '- 배정표는 매주 목요일 각 팀 관리자에게 전달됩니다.',
      '- 심판 배정 관련 문의는 심판위원회로 해 주십시오.',
    ]),
  },
  {
    date: '2026-11-09',
    time: '10:00',
    pinned: true,
    title: '2026 시즌 최종 라운드 및 예비일 일정 안내',
    body: md([
      '## 최종 라운드',
      '',
      '- 11월 22일(일), 11월 28일(토), 11월 29일(일)',
      '',
      '## 예비일',
      '',
      '- 12월 5일(토), 12월 6일(일): 우천 연기 경기',
      '',
      '최종 순위는 모든 경기가 끝난 뒤 확정됩니다. [경기 일정 보기](/sbsa/schedule/game)',
    ]),
  },
  {
    date: '2026-11-16',
    time: '10:00',
    pinned: false,
    title: '2026 시즌 시상식 개최 예정 안내',
    body: md([
      '## 시상식 (예정)',
      '',
      '- 일시: 2026년 12월 19일(토) 17:00',
      '- 장소: 추후 공지',
      '',
      '### 시상 부문',
      '',
      '- 최우수선수상, 타격상, 홈런상, 타점상, 도루상',
      '- 최우수투수상, 다승상',
      '- 감독상',
    ]),
  },
];

/** The association's notices over three years: fixed ones plus the season openings and final results. */
export function buildNotices(
  seasons: readonly {
    year: number;
    registration: string;
    resultDate: string | null;
    leagues: readonly NoticeLeague[];
  }[],
): NoticeSpec[] {
  const notices = [...STATIC];
  for (const season of seasons) {
    notices.push(opening(season.year, season.registration, season.leagues));
    if (season.resultDate)
      notices.push(finalResults(season.year, season.resultDate, season.leagues));
  }
  return notices.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}
