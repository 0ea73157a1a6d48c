import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { FormField } from '../../../components/FormField.tsx';
import type { League } from '../../../api/list-leagues.ts';
import { uploadLeagueLogo, uploadLeagueLogoSchema } from '../api/upload-league-logo.ts';

interface Props {
  mainId: number;
  league: League;
  /** after a logo is saved, so the list holds the new address */
  onUploaded: () => void;
  onClose: () => void;
}

/** The league's logo and a file field to replace it. */
export function LeagueLogoForm({ mainId, league, onUploaded, onClose }: Props) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [logo, setLogo] = useState(league.logo);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    setSaved(false);
    const parsed = uploadLeagueLogoSchema.safeParse({ file: input.current?.files?.[0] });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '로고 이미지 파일을 선택해 주세요.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await uploadLeagueLogo(
        { mainId, seasonId: league.seasonId, leagueId: league.leagueId },
        parsed.data,
      );
      setLogo(updated.logo);
      setSaved(true);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="entity-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{league.leagueName} 로고</h2>
      {logo ? (
        <p>
          <img src={logo} alt={`${league.leagueName} 로고`} width={120} />
          <br />
          <a href={logo}>{logo}</a>
        </p>
      ) : (
        <p>등록된 로고가 없습니다.</p>
      )}
      {saved ? (
        <p className="status status-success" role="status">
          로고를 저장했습니다.
        </p>
      ) : null}
      <FormField
        label="로고 이미지 (PNG, JPEG, GIF, WEBP, 2MB 이하)"
        error={error ?? undefined}
        alert
      >
        {(field) => (
          <input
            {...field}
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
          />
        )}
      </FormField>
      <div className="form-actions">
        <button type="button" className="primary" onClick={upload} disabled={busy}>
          {busy ? '올리는 중…' : '로고 올리기'}
        </button>
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
    </section>
  );
}
