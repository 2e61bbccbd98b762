import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversation } from '@atende/shared';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { conversationKey, historyKey, inboxApi, inboxDataKey, listsKey } from '../data/inbox-api';
import { useInbox } from '../inbox-context';
import { applyConversationToCaches } from '../data/inbox-realtime';

/**
 * Take, transfer, close, reopen, hold and resume. The answer goes into the caches at once (the socket's
 * conversation:updated brings the same). A refusal (taken by someone else first, closed meanwhile,
 * another operator's) is a toast with the catalogue's text, and the lists are read again.
 */
export function useConversationActions(conversation: TConversation | undefined) {
  const env = useInbox();
  const queryClient = useQueryClient();
  const id = conversation?._id ?? '';

  const onSuccess = (next: TConversation) => {
    applyConversationToCaches(queryClient, env, next);
    void queryClient.invalidateQueries({ queryKey: inboxDataKey(env.acc) });
  };
  const onError = (error: unknown) => {
    notify({
      color: 'red',
      title: (t) => t('common:error'),
      message: (t) => errorText(t, error),
      autoClose: 8_000,
    });
    void queryClient.invalidateQueries({ queryKey: listsKey(env.acc) });
    void queryClient.invalidateQueries({ queryKey: conversationKey(env.acc, id) });
  };

  const take = useMutation({
    mutationFn: () => inboxApi.take(env.acc, id),
    onSuccess,
    onError,
  });
  const reopen = useMutation({
    mutationFn: () => inboxApi.reopen(env.acc, id),
    onSuccess,
    onError,
  });
  const close = useMutation({
    mutationFn: (body: { reason: string; subReason?: string }) => inboxApi.close(env.acc, id, body),
    onSuccess: (next) => {
      onSuccess(next);
      void queryClient.invalidateQueries({ queryKey: historyKey(env.acc, next.contact._id) });
      notify({ color: 'green', message: (t) => t('inbox:actions.closed') });
    },
    onError,
  });
  const transfer = useMutation({
    mutationFn: (body: { operatorId?: string; departmentId?: string; note?: string }) =>
      inboxApi.transfer(env.acc, id, body),
    onSuccess: (next) => {
      onSuccess(next);
      notify({ color: 'green', message: (t) => t('inbox:actions.transferred') });
    },
    onError,
  });
  const hold = useMutation({
    mutationFn: (until: string | null) => inboxApi.hold(env.acc, id, until),
    onSuccess: (next) => {
      onSuccess(next);
      notify({ color: 'green', message: (t) => t('inbox:actions.held') });
    },
    onError,
  });
  const resume = useMutation({
    mutationFn: () => inboxApi.resume(env.acc, id),
    onSuccess: (next) => {
      onSuccess(next);
      notify({ color: 'green', message: (t) => t('inbox:actions.resumed') });
    },
    onError,
  });
  return { take, reopen, close, transfer, hold, resume };
}

/** What the signed-in member may do with a conversation (the server decides again). */
export function allowedActions(c: TConversation, me: string, manager: boolean) {
  const open = c.stage !== 'closed';
  const mine = c.assigneeId === me;
  const unassignedWaiting = !c.assigneeId && (c.stage === 'waiting' || c.stage === 'flow');
  return {
    take: open && unassignedWaiting,
    transfer: open && (mine || manager),
    close: open && (mine || manager || unassignedWaiting),
    reopen: !open,
    hold: c.stage === 'attendance' && (mine || manager),
    resume: c.stage === 'hold' && (mine || manager),
    reply: open && (mine || manager || unassignedWaiting),
  };
}
