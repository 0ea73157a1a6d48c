import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { identityOf } from '../../../lib/player-identity.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';

/** The answer to "같은 사람인가요?": one of the listed players, a new person, or neither. */
export type SameNameAnswer = Player | 'new' | 'cancel';

interface Props {
  /** the players of the association with the typed name; null when nobody is being asked */
  found: Player[] | null;
  onAnswer: (answer: SameNameAnswer) => void;
}

/**
 * 동명이인 확인 before a new player is stored: each person of that name with team and birth year,
 * and the choice 같은 사람 (nothing new is made) or 다른 사람 (a second person of that name).
 */
export function SameNameDialog({ found, onAnswer }: Props) {
  return (
    <ConfirmDialog
      open={found !== null}
      title="동명이인 확인"
      confirmLabel="다른 사람 — 새로 등록"
      tone="primary"
      onConfirm={async () => onAnswer('new')}
      onClose={() => onAnswer('cancel')}
    >
      <p>같은 이름의 선수가 {found?.length ?? 0}명 있습니다. 같은 사람인가요?</p>
      <ul className="same-name">
        {(found ?? []).map((p) => {
          const text = describePlayer(identityOf(p));
          return (
            <li key={p.id}>
              {text}{' '}
              <button type="button" onClick={() => onAnswer(p)} aria-label={`같은 사람: ${text}`}>
                같은 사람
              </button>
            </li>
          );
        })}
      </ul>
    </ConfirmDialog>
  );
}
