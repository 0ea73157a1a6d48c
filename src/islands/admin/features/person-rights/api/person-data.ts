import { api } from '../../../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import type { FileDownload } from '../../../lib/download-file.ts';

/** Whose request: the record the console shows, by its API collection. */
export type PersonPath = `/api/${'players' | 'coaches' | 'users'}/${number}`;

export interface Erasure {
  players: number[];
  coaches: number[];
  accounts: number[];
  erasedAt: string;
}

/** POST …/personal-data/export: everything held about the person, as one JSON file (열람). */
export const exportPersonData = (person: PersonPath, reason: string): Promise<FileDownload> =>
  downloadFile(`${person}/personal-data/export`, 'sbsa-person.json', {
    method: 'POST',
    body: { reason },
  });

/** POST …/personal-data/erase: erases the person's personal fields (삭제). */
export const erasePersonData = (person: PersonPath, reason: string) =>
  api.post<Erasure>(`${person}/personal-data/erase`, { reason });
