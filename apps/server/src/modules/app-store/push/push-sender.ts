import type webpush from 'web-push';
import type { TPushPayload } from '@atende/shared';
import type { TVapidKeys } from './vapid-keys';

export type TPushOutcome = 'sent' | 'gone' | 'failed';

/** Short: a notification that waited longer is no news. */
export const PUSH_TTL_SECONDS = 120;

/**
 * One Web Push message (RFC 8030/8291/8292): the payload encrypted (aes128gcm) for the browser's
 * keys, signed with the server's VAPID key, collapsed per conversation (Topic) with a short TTL.
 * Posted with fetch, so any push service URL works (the tests' local fake too).
 */
export class PushSender {
  constructor(
    private readonly keys: TVapidKeys,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(subscriptionJson: string, payload: TPushPayload): Promise<TPushOutcome> {
    let subscription: webpush.PushSubscription;
    try {
      subscription = JSON.parse(subscriptionJson) as webpush.PushSubscription;
      if (!subscription.endpoint || !subscription.keys?.p256dh) return 'gone';
    } catch {
      return 'gone';
    }
    // Loaded with the first notification: a server that sends none keeps it out of memory.
    const { default: push } = await import('web-push');
    const details = push.generateRequestDetails(subscription, JSON.stringify(payload), {
      vapidDetails: this.keys,
      TTL: PUSH_TTL_SECONDS,
      // Topic: ≤ 32 URL-safe characters; a conversation's UUID without dashes is exactly that.
      topic: payload.conversationId.replace(/-/g, '').slice(0, 32),
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    try {
      const response = await this.fetchImpl(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      return response.ok ? 'sent' : 'failed';
    } catch {
      return 'failed';
    }
  }
}
