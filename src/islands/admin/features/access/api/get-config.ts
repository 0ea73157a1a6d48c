import { api } from '../../../../../lib/api-client.ts';

// The calls the console makes before any screen loads declare their answers as types only, so zod
// stays out of the initial JavaScript (the shapes are those of src/server/routes/common/common.routes.ts).

interface SeasonRef {
  seasonId: number;
  seasonName: string;
  year: number;
  active: boolean;
}

/** GET /api/common/config: the default association and the active season, loaded first. */
export interface PublicConfig {
  defaultMainId: number;
  defaultMainPath: string;
  defaultMainName: string;
  activeSeason: SeasonRef | null;
  seasons: SeasonRef[];
}

export const getConfig = () => api.get<PublicConfig>('/api/common/config');
