import { ASSOCIATION_PATH } from '../../lib/paths.ts';

/**
 * The association this portal is for, made at the first start (bootstrap.ts): its address
 * (`/sbsa`), name and short name. Pages, the API and the dashboard fall back to it when no other
 * association is asked for.
 */
export const DEFAULT_ASSOCIATION = {
  path: ASSOCIATION_PATH,
  name: '대한소프트볼협회',
  shortName: 'SBSA',
} as const;
