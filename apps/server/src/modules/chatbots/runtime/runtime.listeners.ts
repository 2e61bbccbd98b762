import { sql } from 'drizzle-orm';
import type { TPlatform } from '../../../platform/platform';
import {
  type ChatbotRuntime,
  SWEEP_QUEUE,
  TIMER_QUEUE,
  TURN_QUEUE,
  type TTimerJob,
  type TTurnJob,
} from './runtime.service';

/**
 * Customers' messages: fetched in batches as soon as they are written (the queue is notified; the
 * poll is the backstop), each conversation's in creation order and one at a time, different
 * conversations side by side. (One job after the other, the listener was the bots' bottleneck.)
 */
export const RUNTIME_WORK = {
  batchSize: 50,
  pollingIntervalSeconds: 0.5,
  parallel: 16,
  serialBy: (event: { data: { conversationId: string } }) => event.data.conversationId,
};

const DELAYED_WORK = { delayed: true, pollingIntervalSeconds: 0.5 };

/**
 * The runtime's subscriptions: customers' messages on conversations in the flow stage (durable:
 * the job is written with the message, so a crash loses none), its turn and timer jobs, and the
 * sweep of turns a crashed process left unfinished.
 */
export function listenForCustomers(platform: TPlatform, runtime: ChatbotRuntime) {
  platform.events.durable('chatbots.runtime', ['message.created'], (event) => runtime.onInbound(event), {
    when: (event) => event.data.direction === 'inbound' && event.data.conversation?.stage === 'flow',
    work: RUNTIME_WORK,
    relevant: {
      // Nothing to read per account: the sessions are looked up by settle, per conversation.
      read: () => sql`select null::jsonb`,
      keep: () => () => true,
      // A message on a conversation whose session answers at once joins it in the transaction
      // that stores the message, and its turn runs here after the commit; the job carries the
      // rest. A process without workers leaves every message to the job (turns run on workers).
      settle: (tx, _value, events) =>
        platform.jobs.working ? runtime.settleInTx(tx, events) : Promise.resolve(events),
    },
  });
  // Debounced turns and timers start later: looked for every half second, so a turn runs within
  // ~0.5 s of its debounce and a timer fires within ~0.5 s of its time.
  platform.jobs.register<TTurnJob>(TURN_QUEUE, (job) => runtime.onTurnJob(job), DELAYED_WORK);
  platform.jobs.register<TTimerJob>(TIMER_QUEUE, (job) => runtime.onTimerJob(job), DELAYED_WORK);
  platform.jobs.register(SWEEP_QUEUE, () => runtime.sweep());
  platform.jobs.schedule(SWEEP_QUEUE, '* * * * *');
}
