interface Props {
  seasonName: string;
  leagueName?: string | null;
}

/** The season and league a screen works on, said in words on every league screen. */
export function WorkContext({ seasonName, leagueName }: Props) {
  const season = /시즌$/.test(seasonName) ? seasonName : `${seasonName} 시즌`;
  return (
    <p className="work-context" data-testid="work-context">
      작업 중: <strong>{season}</strong>
      {leagueName ? (
        <>
          {' · '}
          <strong>{leagueName}</strong>
        </>
      ) : null}
    </p>
  );
}
