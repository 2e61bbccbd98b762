import { LIMITS, type TInboxData } from '@atende/shared';
import { api } from '../../../app/api-client';

/**
 * GET /p/chat/inbox/{acc}?minimal=true (60 s timeout, spec §9). Apart from inbox-api.ts because
 * the session (entry chunk) reads an operator's restriction from it: this file stays small.
 */
export const fetchInboxData = (acc: string) =>
  api.get<TInboxData>(`/p/chat/inbox/${acc}`, { acc, minimal: true }, { timeoutMs: LIMITS.inboxLoadTimeoutMs });
