/** Statistics shared by the API and the static pages. */
export * from './batting.ts';
export * from './format.ts';
export * from './fraction.ts';
export * from './leaders.ts';
export * from './lots.ts';
export * from './outs.ts';
export * from './pitching.ts';
export * from './standings.ts';
export * from './standings-game.ts';
export * from './standings-rules.ts';
export * from './tie-breakers.ts';
