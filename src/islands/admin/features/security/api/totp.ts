import { api } from '../../../../../lib/api-client.ts';

export interface TotpState {
  enabled: boolean;
  recoveryCodesLeft: number;
  requiredBy: string[];
  setupRequired: boolean;
}

/** A current one-time code (or a recovery code), or the password. */
export type OwnerProof = { code: string } | { password: string };

/** GET /api/auth/totp: the signed-in user's second factor. */
export const getTotpState = () => api.get<TotpState>('/api/auth/totp');

/** POST /api/auth/totp/setup: a new secret, not on yet. */
export const startTotpSetup = () =>
  api.post<{ secret: string; otpauthUrl: string }>('/api/auth/totp/setup');

/** POST /api/auth/totp/enable: on with a right code; the recovery codes, shown once. */
export const enableTotp = (code: string) =>
  api.post<{ recoveryCodes: string[] }>('/api/auth/totp/enable', { code });

/** POST /api/auth/totp/disable */
export const disableTotp = (proof: OwnerProof) => api.post('/api/auth/totp/disable', proof);

/** POST /api/auth/totp/recovery-codes: ten new codes, the old ones stop working. */
export const renewRecoveryCodes = (proof: OwnerProof) =>
  api.post<{ recoveryCodes: string[] }>('/api/auth/totp/recovery-codes', proof);

/** POST /api/auth/totp/reset/{userId}: an admin takes a person's second factor off. */
export const resetTotp = (userId: number) =>
  api.post<{ wasEnabled: boolean }>(`/api/auth/totp/reset/${userId}`);

/** GET /api/auth/totp/requirement/{mainId}: whether the association requires it of its managers. */
export const getTotpRequirement = (mainId: number) =>
  api.get<{ required: boolean }>(`/api/auth/totp/requirement/${mainId}`);

/** PUT /api/auth/totp/requirement/{mainId} (site admin or 협회 관리자; audited). */
export const setTotpRequirement = (mainId: number, required: boolean) =>
  api.put<{ required: boolean }>(`/api/auth/totp/requirement/${mainId}`, { required });
