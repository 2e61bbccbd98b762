import type { TTeamMembersEvent } from '@atende/shared';
import { api } from '../../app/api-client';

/** The roster with presence (GET /p/team-chat/members). */
export const loadTeamMembers = (acc: string) => api.get<TTeamMembersEvent>('/p/team-chat/members', { acc });
