/**
 * A whole seven-inning game as a Retrosheet event file, as a scorer's program writes one: each
 * side's nine players by name, batting in roster order and fielding positions 1–9 in that order
 * (the first pitches). The away team scores two in the 1st (a single and a home run), the home
 * team one (a walk and a double); every other half is three outs. Away wins 2–1.
 */
export function sevenInningFile(away: string[], home: string[], extra: string[] = []): string {
  const id = (side: 'a' | 'h', i: number) =>
    `${side}x${String(i + 1).padStart(2, '0')}0000`.slice(0, 8);
  const lines = ['id,TST202608010', 'version,2', 'info,visteam,AWY', 'info,hometeam,HOM'];
  for (const [side, names] of [
    ['a', away],
    ['h', home],
  ] as const)
    for (const [i, name] of names.entries())
      lines.push(`start,${id(side, i)},"${name}",${side === 'a' ? 0 : 1},${i + 1},${i + 1}`);
  const due = { a: 0, h: 0 };
  const bat = (inning: number, side: 'a' | 'h', play: string) => {
    lines.push(`play,${inning},${side === 'a' ? 0 : 1},${id(side, due[side] % 9)},??,,${play}`);
    due[side]++;
  };
  for (let inning = 1; inning <= 7; inning++) {
    const top = inning === 1 ? ['S7/G', 'HR/F7.1-H', 'K', '63/G', '8/F'] : ['K', '63/G', '8/F'];
    const bottom = inning === 1 ? ['W', 'D8/L.1-H', 'K', '63/G', '8/F'] : ['K', '63/G', '8/F'];
    for (const p of top) bat(inning, 'a', p);
    for (const p of bottom) bat(inning, 'h', p);
  }
  return `${[...lines, ...extra].join('\n')}\n`;
}
