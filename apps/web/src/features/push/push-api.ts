import { api } from '../../app/api-client';

/** Web push (server module push). */
export const pushApi = {
  /** POST /g/user/notification/remove-token: this device stops receiving pushes (sign-out). */
  removeToken: (token: string) => api.post('/g/user/notification/remove-token', { token }, { raw: true }),
};
