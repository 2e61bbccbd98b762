import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCampaign, TCampaignProgress } from '@atende/shared';
import { joinAttendance } from '../../app/socket';
import { campaignKey } from './campaigns-api';

/** The Socket.IO event the server sends a campaign's progress with (at most once a second). */
const PROGRESS_EVENT = 'campaign:progress';

/**
 * Keeps a campaign page live: each 'campaign:progress' updates the campaign's counts and status at
 * once, and refreshes the recipients and failures; on (re)connect the page reads it again.
 */
export function useCampaignLive(acc: string, userId: string, id: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const key = campaignKey(acc, id);
    const apply = (progress: TCampaignProgress) => {
      if (progress?.campaignId !== id) return;
      queryClient.setQueryData<TCampaign>(key, (prev) =>
        prev
          ? { ...prev, status: progress.status, pauseReason: progress.pauseReason, counts: progress.counts }
          : prev,
      );
      void queryClient.invalidateQueries({ queryKey: [...key, 'recipients'] });
      void queryClient.invalidateQueries({ queryKey: [...key, 'failures'] });
    };
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
    const socket = joinAttendance(acc, userId);
    socket.on(PROGRESS_EVENT, apply);
    socket.on('connect', refresh);
    return () => {
      socket.disconnect();
    };
  }, [acc, userId, id, queryClient]);
}
