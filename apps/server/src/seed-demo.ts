import {
  ZClosingReasonBody,
  ZContactData,
  ZCreateChannelBody,
  ZKnowledgeNoteBody,
  ZQuickMessageBody,
  ZSendMessageBody,
  ZTagBody,
} from '@atende/shared';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { TInboundMessage } from './providers/channel-adapter';
import {
  DEMO_CHANNEL,
  DEMO_CLOSING_REASONS,
  DEMO_CONTACTS,
  DEMO_KNOWLEDGE_NOTES,
  DEMO_CONVERSATIONS,
  DEMO_QUICK_MESSAGES,
  DEMO_TAGS,
  type TDemoConversation,
} from './seed-demo-content';
import { seedDemoSurveys } from './seed-demo-surveys';
import { seedDemoAutomations } from './seed-demo-automations';
import { seedDemoApps } from './seed-demo-apps';
import { seedDemoDashboards } from './seed-demo-dashboards';
import { seedDemoDepartments } from './seed-demo-departments';
import { seedDemoCampaigns } from './seed-demo-campaigns';
import { seedDemoChatbots } from './seed-demo-chatbots';

/**
 * Where a stop (Ctrl+C, SIGTERM) may end the seeding. The embedded database answers without
 * yielding to the event loop, so a signal would wait for the whole seeding: the loop turns here
 * first, and takes it.
 */
export async function stopPoint(stop?: AbortSignal): Promise<void> {
  if (!stop) return;
  await yieldToLoop();
  stop.throwIfAborted();
}

export interface TDemoOwner {
  accountId: string;
  userId: string;
}

/** A Brazilian mobile number per contact (+55 11 98765-4xxx), distinct and valid. */
const phoneOf = (index: number) => `+55119876${String(54_000 + index * 7).padStart(5, '0')}`;

/**
 * The demo account's content, written through the services as a user would: a web chat channel,
 * tags, closing reasons, quick messages and fifty contacts with phases and tags. The customers'
 * messages enter through the inbox intake of that channel; the owner answers, reads and closes
 * through the inbox's messaging and actions services — so each conversation has the stage,
 * unread count, system messages and activity-log rows the product itself gives it.
 */
export async function seedDemoContent(app: FastifyInstance, owner: TDemoOwner, stop?: AbortSignal) {
  const { accountId, userId } = owner;
  const s = app.services;
  // A stop (Ctrl+C on a first start) ends the seeding between two steps (stopPoint): the demo is
  // made again at the next start (seed.ts).
  // Installed first, so the demo's contacts and closed conversations reach its webhook endpoint.
  await stopPoint(stop);
  await seedDemoApps(app, accountId, userId);
  await stopPoint(stop);
  // Departments and key entities (issue 13): before the conversations, which may be routed to them.
  const departments = await seedDemoDepartments(app, accountId, { userId, ip: '127.0.0.1', lang: 'pt-BR' });

  await stopPoint(stop);
  const channel = await s.channels.create(accountId, ZCreateChannelBody.parse(DEMO_CHANNEL));
  const record = s.channels.record(await s.channels.row(accountId, channel._id));

  const tagIds = new Map<string, string>();
  await stopPoint(stop);
  for (const tag of DEMO_TAGS)
    tagIds.set(tag.key, (await s.contacts.tags.create(accountId, ZTagBody.parse(tag)))._id);
  for (const reason of DEMO_CLOSING_REASONS)
    await s.inboxSettings.createReason(accountId, ZClosingReasonBody.parse(reason));
  for (const quick of DEMO_QUICK_MESSAGES)
    await s.quickMessages.create(accountId, userId, ZQuickMessageBody.parse(quick));
  await stopPoint(stop);
  for (const note of DEMO_KNOWLEDGE_NOTES)
    await s.knowledge.add(accountId, userId, ZKnowledgeNoteBody.parse(note));

  const phaseIds = new Map((await s.contacts.phases.list(accountId)).map((p) => [p.key, p._id]));
  const contactIds: string[] = [];
  for (const [index, demo] of DEMO_CONTACTS.entries()) {
    await stopPoint(stop);
    const talked = index < DEMO_CONVERSATIONS.length;
    const contact = await s.contacts.contacts.create(
      accountId,
      ZContactData.parse({
        name: demo.name,
        email: demo.email ?? null,
        phone: phoneOf(index),
        phase: demo.phase ? (phaseIds.get(demo.phase) ?? null) : null,
        tags: demo.tags.map((key) => tagIds.get(key)!),
        customFields: { cidade: demo.city },
        ...(talked ? { type: 'webchat', inbox: channel._id } : { type: 'manual' }),
      }),
    );
    contactIds.push(contact._id);
  }

  const viewer = { accountId, userId, role: 'master' as const, intentions: [] as string[] };
  const actor = { userId, ip: '127.0.0.1', lang: 'pt-BR' as const };
  const now = Date.now();
  let messages = 0;
  for (const [index, demo] of DEMO_CONVERSATIONS.entries()) {
    await stopPoint(stop);
    const contactId = contactIds[index];
    const customer = (text: string, turn: number, at: Date): TInboundMessage => ({
      providerMessageId: `${contactId}:demo-${turn}`,
      from: contactId,
      profileName: DEMO_CONTACTS[index].name,
      timestamp: at,
      kind: 'text',
      text,
    });
    const receive = async (batch: TInboundMessage[]) =>
      (await s.inbound.receive(record, { messages: batch, statuses: [] }, { contactId })).messages[0]
        .conversationId;

    // The customer's opening messages, a minute apart from when they first wrote.
    const opening = openingTurns(demo);
    const conversationId = await receive(
      opening.map((text, turn) => customer(text, turn, new Date(now - (demo.minutesAgo - turn) * 60_000))),
    );
    messages += opening.length;
    for (const [turn, t] of demo.turns.entries()) {
      if (turn < opening.length) continue;
      if (t.from === 'customer') await receive([customer(t.text, turn, new Date())]);
      else
        await s.inbox.messaging.send(
          viewer,
          conversationId,
          ZSendMessageBody.parse({ clientId: `demo-${index}-${turn}`, text: t.text }),
          'pt-BR',
        );
      messages += 1;
    }
    if (demo.read) await s.inbox.actions.markRead(viewer, conversationId);
    if (demo.stage === 'hold') {
      const until = demo.holdHours ? new Date(now + demo.holdHours * 3_600_000).toISOString() : null;
      await s.inbox.hold.hold(viewer, conversationId, { until }, actor);
    }
    if (demo.close) await s.inbox.actions.close(viewer, conversationId, demo.close, actor);
  }
  await stopPoint(stop);
  await seedDemoSurveys(app, accountId, channel._id);
  // Automations (issue 17): after the history, so no rule fires on it.
  await stopPoint(stop);
  await seedDemoAutomations(app, accountId, userId);
  // The dashboards' past weeks, with the contacts that have no conversation of their own.
  await stopPoint(stop);
  await seedDemoDashboards(app, owner, contactIds.slice(DEMO_CONVERSATIONS.length));
  // Campaigns (issue 16): a finished campaign with recipients in every state.
  await stopPoint(stop);
  await seedDemoCampaigns(app, accountId, userId);
  // Chatbots (issue 14): last, so the history above opened without a bot.
  await stopPoint(stop);
  await seedDemoChatbots(app, accountId, userId, channel, departments);
  return {
    channelId: channel._id,
    contacts: contactIds.length,
    conversations: DEMO_CONVERSATIONS.length,
    messages,
  };
}

/** The customer's messages before anyone answered. */
function openingTurns(demo: TDemoConversation): string[] {
  const first = demo.turns.findIndex((t) => t.from !== 'customer');
  return demo.turns.slice(0, first === -1 ? undefined : first).map((t) => t.text);
}
