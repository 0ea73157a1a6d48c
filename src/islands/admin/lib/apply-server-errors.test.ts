import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../lib/api-client.ts';
import { API_ERROR_KEY, applyServerErrors } from './apply-server-errors.ts';

function collect() {
  const set: Record<string, string> = {};
  const setError = ((name: string, error: { message?: string }) => {
    set[name] = error.message ?? '';
  }) as never;
  return { set, setError };
}

describe('applyServerErrors', () => {
  it('puts 400 field messages on the matching fields, nested paths included', () => {
    const { set, setError } = collect();
    const error = new ApiCallError(400, '부 이름을 입력해 주세요.', {
      name: '부 이름을 입력해 주세요.',
      'players.2.backNumber': '등번호 7번은 이미 다른 선수가 쓰고 있습니다.',
    });
    applyServerErrors(error, setError, ['name', 'players']);
    expect(set).toEqual({
      name: '부 이름을 입력해 주세요.',
      'players.2.backNumber': '등번호 7번은 이미 다른 선수가 쓰고 있습니다.',
    });
  });

  it('shows messages for unknown fields, and errors without fields, under apiError', () => {
    const { set, setError } = collect();
    applyServerErrors(
      new ApiCallError(400, '협회를 찾을 수 없습니다.', { mainId: '협회를 찾을 수 없습니다.' }),
      setError,
      ['name'],
    );
    expect(set[API_ERROR_KEY]).toBe('협회를 찾을 수 없습니다.');
    const other = collect();
    applyServerErrors(
      new ApiCallError(409, '팀 3개가 이 부를 쓰고 있어 지울 수 없습니다.'),
      other.setError,
      ['name'],
    );
    expect(other.set).toEqual({ [API_ERROR_KEY]: '팀 3개가 이 부를 쓰고 있어 지울 수 없습니다.' });
  });

  it('gives a Korean message for anything else', () => {
    const { set, setError } = collect();
    applyServerErrors(new Error('boom'), setError, []);
    expect(set[API_ERROR_KEY]).toBe('처리하지 못했습니다. 잠시 후 다시 시도해 주세요.');
  });
});
