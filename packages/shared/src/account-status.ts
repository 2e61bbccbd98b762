/** Account status codes of spec §3/§4: 0 disabled, 1 active, 2 deleted, anything else pending. */
export const ACCOUNT_STATUS = { disabled: 0, active: 1, deleted: 2 } as const;
export type TAccountStatusName = 'disabled' | 'active' | 'deleted' | 'pending';

export function accountStatusName(status: number): TAccountStatusName {
  if (status === 0) return 'disabled';
  if (status === 1) return 'active';
  if (status === 2) return 'deleted';
  return 'pending';
}
