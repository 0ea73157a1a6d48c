import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { leagueLimits } from '../../../lib/schemas/league.ts';

/**
 * The parts of a logo upload route (a league's, a team's): a signed-in user, a body no larger than
 * the image limit with room for the multipart envelope, one `file` field, and the answers for a
 * file too large (413) or not an image (415).
 */
export function imageUploadMiddleware() {
  return [
    requireUser,
    bodyLimit({
      maxSize: leagueLimits.logoBytesMax + 64 * 1024,
      onError: (c) =>
        c.json({ ok: false, message: '파일이 너무 큽니다. 2MB 이하만 올릴 수 있습니다.' }, 413),
    }),
  ];
}

export const imageUploadBody = {
  content: {
    'multipart/form-data': {
      schema: z.object({
        file: z
          .custom<File>((value) => value instanceof File, {
            error: '이미지 파일을 선택해 주세요.',
          })
          .meta({ type: 'string', format: 'binary', description: '이미지 파일 (2MB 이하)' }),
      }),
    },
  },
  required: true,
} as const;

export const imageUploadErrors = {
  413: { description: '파일이 너무 큼' },
  415: { description: '지원하지 않는 파일 형식' },
};
