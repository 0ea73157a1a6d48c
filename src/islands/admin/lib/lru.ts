/** Keys in most-recently-used order, at most `max` of them: the first is the newest. */
export function touchLru<K>(keys: readonly K[], key: K, max: number): K[] {
  return [key, ...keys.filter((k) => k !== key)].slice(0, max);
}
