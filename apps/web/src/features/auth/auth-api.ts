import type { TLoginResult, TSetupBody } from '@atende/shared';
import { api } from '../../app/api-client';

export const authApi = {
  login: (body: { email: string; password: string; remember_me: boolean }) =>
    api.post<TLoginResult>('/g/auth/login', body, { raw: true }),
  setup: (body: TSetupBody) =>
    api.post<{ email: string; isConfirmed: boolean; acc: string }>('/g/auth/setup', body, { raw: true }),
  verifyOtp: (email: string, otp: string) =>
    api.post<{ isConfirmed: true }>('/g/auth/verify-otp', { email, otp }, { raw: true }),
  resendOtp: (email: string) =>
    api.post<{ sent: true }>('/g/auth/resend-verify-otp', { email }, { raw: true }),
  /** POST /g/auth/email-available: false when the e-mail already has a user (sign-up's first step). */
  emailAvailable: (email: string) =>
    api.post<{ available: boolean }>('/g/auth/email-available', { email }, { raw: true }),
  forgot: (email: string) => api.post<{ sent: true }>('/g/auth/reset-password', { email }, { raw: true }),
  resetConfirm: (token: string, password: string) =>
    api.post<{ reset: true }>('/g/auth/reset-password/confirm', { token, password }, { raw: true }),
  /** POST /g/auth/logout: ends the refresh token's family. */
  logout: (refreshToken: string) => api.post('/g/auth/logout', { token: refreshToken }, { raw: true }),
};

/** Only in-app paths are accepted as the `to` return target. */
export function safeReturnPath(to: string | null | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/login') || to.startsWith('/logout')) {
    return '/dashboard';
  }
  return to;
}
