import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SHOWN_STATUS_LABELS } from '../../../../../lib/game-status.ts';
import {
  TAP_LABELS,
  applyTap,
  firstPitch,
  lineTotals,
  situationText,
} from '../../../../../lib/live-line.ts';
import type { LiveLine, Tap } from '../../../../../lib/live-line.ts';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { getRecordFormGame } from '../../games/api/get-record-form-game.ts';
import {
  endLiveGame,
  getLiveGame,
  putLiveLine,
  resetLiveGame,
  suspendLiveGame,
} from '../api/live-game.ts';
import { drain, localStore, sendWith } from '../tap-queue.ts';
import type { Outgoing, ScorerState } from '../tap-queue.ts';
import { errorMessage } from '../../../lib/use-api-data.ts';

/** How often a stalled queue tries again without a sign of the connection coming back. */
const RETRY_MS = 2000;

const TAPS: Tap['kind'][] = ['run', 'hit', 'error', 'out'];

async function load(leagueId: number, gameId: number) {
  const [game, live] = await Promise.all([
    getRecordFormGame(leagueId, gameId),
    getLiveGame(gameId),
  ]);
  return { game, live };
}

/**
 * /admin/league/game/live/{leagueId}/{gameId}: the scorer's live screen (decision 149), one thumb
 * at 375 px. Each tap changes the line score at once on the screen and waits in the browser until
 * the server has it (전송 대기), so a weak signal at the field loses nothing.
 */
export default function LiveScoreScreen({ params }: ScreenProps) {
  const leagueId = Number(params.leagueId);
  const gameId = Number(params.gameId);
  const { data, error } = useApiData(() => load(leagueId, gameId), [leagueId, gameId]);
  const store = useMemo(() => localStore(gameId), [gameId]);
  const [state, setState] = useState<ScorerState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const sending = useRef(false);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the browser's copy wins while it has taps the server may not have; otherwise the server's
  useEffect(() => {
    if (!data) return;
    const kept = store.read();
    const server = data.live.live;
    if (kept && (kept.queue.length > 0 || kept.seq >= (server?.seq ?? 0))) setState(kept);
    else
      setState({
        line: server ? { ...server } : null,
        history: [],
        seq: server?.seq ?? 0,
        ended: server?.state === 'ended',
        queue: [],
      });
  }, [data, store]);

  const send = useCallback(
    (item: Outgoing) =>
      sendWith(() =>
        item.kind === 'line'
          ? putLiveLine(gameId, { ...item.line, seq: item.seq })
          : endLiveGame(gameId),
      ),
    [gameId],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    clearTimeout(retry.current);
    try {
      const { refused, stalled } = await drain(store, send, setState);
      if (refused.length > 0) setProblem(refused.join(' '));
      // the connection is down: try again shortly, and at once when the browser says it is back
      if (stalled) retry.current = setTimeout(() => void flush(), RETRY_MS);
    } finally {
      sending.current = false;
    }
  }, [store, send]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    void flush();
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(retry.current);
    };
  }, [flush]);

  /** Keeps a change on the screen and in the browser, and queues what the server must hear. */
  const change = (next: (s: ScorerState) => ScorerState) => {
    if (!state) return;
    const after = next(state);
    store.write(after);
    setState(after);
    setProblem(null);
    void flush();
  };
  const queueLine = (s: ScorerState, line: LiveLine, history: LiveLine[]): ScorerState => ({
    ...s,
    line,
    history,
    seq: s.seq + 1,
    queue: [...s.queue, { kind: 'line', seq: s.seq + 1, line }],
  });

  const start = () => change((s) => queueLine(s, firstPitch(), []));
  const tap = (kind: Tap['kind']) =>
    change((s) =>
      s.line
        ? queueLine(s, applyTap(s.line, { kind } as Tap), [s.line, ...s.history].slice(0, 50))
        : s,
    );
  const undo = () =>
    change((s) => {
      const [previous, ...rest] = s.history;
      return previous ? queueLine(s, previous, rest) : s;
    });
  const end = () => {
    if (!window.confirm('경기를 지금 점수로 끝낼까요? 이후 점수는 기록 입력 화면에서 고칩니다.'))
      return;
    change((s) => ({
      ...s,
      ended: true,
      seq: s.seq + 1,
      queue: [...s.queue, { kind: 'end', seq: s.seq + 1 }],
    }));
  };
  const afterward = async (what: () => Promise<unknown>, message: string, reset: boolean) => {
    try {
      await what();
      if (reset) store.write({ line: null, history: [], seq: 0, ended: false, queue: [] });
      setState(store.read());
      setDone(message);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  const title = data ? `${data.game.gameNo}번 경기 실시간 입력` : '실시간 입력';
  const line = state?.line ?? null;
  const totals = line ? lineTotals(line) : null;
  const pending = state?.queue.length ?? 0;
  const batting = line
    ? line.half === 'top'
      ? data?.game.awayTeamName
      : data?.game.homeTeamName
    : null;
  const finished = data && !['scheduled', 'live', 'awaiting'].includes(data.live.status);

  return (
    <section className="screen live-scorer">
      <ScreenHeader title={title}>
        <Link href={adminPaths.gameList(undefined, leagueId)}>경기 목록</Link>
      </ScreenHeader>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {!data && !error ? <Loading /> : null}
      {data && state ? (
        <>
          <p className="live-scorer__board" aria-live="polite">
            <span>{data.game.awayTeamName}</span>
            <strong className="live-scorer__score">
              {totals ? `${totals.away.runs} : ${totals.home.runs}` : 'vs'}
            </strong>
            <span>{data.game.homeTeamName}</span>
          </p>
          <p className="live-scorer__where">
            {line && !state.ended ? `${situationText(line)} · ${batting} 공격` : null}
            {state.ended ? '경기 종료' : null}
            {!line && !finished ? SHOWN_STATUS_LABELS.scheduled : null}
            {finished ? data.live.statusLabel : null}
          </p>
          <p className="live-scorer__pending" role="status">
            전송 대기 <strong>{pending}</strong>
          </p>
          {problem ? <StatusMessage kind="error">{problem}</StatusMessage> : null}
          {done ? <StatusMessage kind="success">{done}</StatusMessage> : null}

          {!line && !finished ? (
            <button type="button" className="primary live-scorer__start" onClick={start}>
              경기 시작
            </button>
          ) : null}

          {line && !state.ended && !finished ? (
            <>
              <div className="live-scorer__taps">
                {TAPS.map((kind) => (
                  <button key={kind} type="button" onClick={() => tap(kind)}>
                    {TAP_LABELS[kind]} +1
                  </button>
                ))}
                <button type="button" onClick={undo} disabled={state.history.length === 0}>
                  되돌리기
                </button>
                <button type="button" onClick={() => tap('endHalf')}>
                  {TAP_LABELS.endHalf}
                </button>
              </div>
              <button type="button" className="primary live-scorer__end" onClick={end}>
                경기 종료
              </button>
              <details className="live-scorer__more">
                <summary>중단·초기화</summary>
                <label>
                  중단 사유
                  <input
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={200}
                  />
                </label>
                <button
                  type="button"
                  disabled={pending > 0}
                  onClick={() =>
                    void afterward(
                      () => suspendLiveGame(gameId, reason),
                      '경기를 중단으로 기록했습니다.',
                      true,
                    )
                  }
                >
                  중단으로 기록
                </button>
                <button
                  type="button"
                  disabled={pending > 0}
                  onClick={() => {
                    if (
                      window.confirm(
                        '실시간으로 입력한 점수를 모두 지우고 경기를 예정으로 되돌릴까요?',
                      )
                    )
                      void afterward(
                        () => resetLiveGame(gameId),
                        '실시간 기록을 지웠습니다.',
                        true,
                      );
                  }}
                >
                  실시간 기록 초기화
                </button>
              </details>
            </>
          ) : null}

          {state.ended && pending === 0 ? (
            <p>
              <Link href={adminPaths.gameWrite(leagueId, gameId)}>
                기록 입력으로 (이닝별 점수가 채워져 있습니다)
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
