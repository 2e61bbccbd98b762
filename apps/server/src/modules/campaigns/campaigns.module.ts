import { TIMED_WORK } from '../../platform/jobs';
import { defineModule } from '../../platform/module';
import type { ChannelRegistry } from '../../providers/channel-registry';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { BillingService } from '../billing/billing.service';
import type { ChannelsService } from '../channels/channels.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { CampaignOriginService } from '../inbox/conversations/campaign-origin.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { TemplatesService } from '../templates/templates.service';
import { CampaignDispatcher, DISPATCH_QUEUE, SWEEP_QUEUE, type TDispatchJob } from './campaign-dispatcher';
import { listenForCampaignEvents } from './campaign-listeners';
import { CampaignProgress } from './campaign-progress';
import { CampaignReportsService } from './campaign-reports.service';
import { CampaignSettingsService } from './campaign-settings.service';
import { campaignsRoutes } from './campaigns.routes';
import * as tables from './campaigns.schema';
import { CampaignsService } from './campaigns.service';
import { smsCreditRoutes } from './sms-credit.routes';
import { SmsCreditService } from './sms-credit.service';

interface TCampaignModuleDeps {
  activityLog: ActivityLogService;
  channels: ChannelsService;
  templates: TemplatesService;
  contacts: { contacts: ContactsService };
  inboxSettings: InboxSettingsService;
  billing: BillingService;
  channelRegistry: ChannelRegistry;
  inbox: { campaignOrigin: CampaignOriginService };
}

/**
 * Campaigns (issue 16): WhatsApp template and SMS broadcasts sent by a durable dispatcher, and the
 * SMS credit. Emits campaign.finished. Listens (durable): delivery.reported (recipients' delivery
 * states), message.created (opt-out keywords; replies → the inbox's Campanhas tab), and billing's
 * checkout.paid / checkout.canceled of SMS packages (the purchase credited once, or canceled).
 */
export const campaignsModule = defineModule({
  name: 'campaigns',
  tables,
  create: (platform, deps: TCampaignModuleDeps) => {
    const db = platform.database.db;
    const progress = new CampaignProgress(db, platform.realtime);
    const dispatcher = new CampaignDispatcher(
      db,
      platform.jobs,
      () => deps.channelRegistry,
      deps.channels,
      platform.events,
      progress,
      platform.log,
    );
    const campaigns = new CampaignsService(
      db,
      {
        channels: deps.channels,
        templates: deps.templates,
        contacts: deps.contacts.contacts,
        inboxSettings: deps.inboxSettings,
      },
      (accountId, campaignId, startAfter) => dispatcher.kick(accountId, campaignId, startAfter),
    );
    return {
      campaigns,
      campaignDispatcher: dispatcher,
      campaignProgress: progress,
      campaignReports: new CampaignReportsService(db),
      campaignSettings: new CampaignSettingsService(db, deps.activityLog),
      smsCredit: new SmsCreditService(db, deps.billing, platform.config.APP_URL, platform.tenantCache),
    };
  },
  plugin: async (app) => {
    const { platform } = app;
    const { campaignDispatcher, campaignProgress, campaignSettings, contacts, inbox, smsCredit } =
      app.services;
    // A dispatch kicked for later (the send window, a throttled number's back-off) starts on time.
    platform.jobs.register<TDispatchJob>(DISPATCH_QUEUE, (job) => campaignDispatcher.run(job), TIMED_WORK);
    platform.jobs.register(SWEEP_QUEUE, () => campaignDispatcher.sweep());
    platform.jobs.schedule(SWEEP_QUEUE, '* * * * *');
    listenForCampaignEvents(
      platform.events,
      platform.database.db,
      contacts.contacts,
      (accountId, conversationId) => inbox.campaignOrigin.markCampaign(accountId, conversationId),
      campaignProgress,
      (accountId) => campaignSettings.optOutKeywords(accountId),
    );
    // SMS credit bought on Stripe's page: credited (or canceled) when billing hears from Stripe.
    const smsCheckout = { when: (event: { data: { kind: string } }) => event.data.kind === 'sms_credit' };
    platform.events.durable(
      'campaigns.sms-credit-paid',
      ['checkout.paid'],
      (event) => smsCredit.confirmPurchase(event.accountId, event.data),
      smsCheckout,
    );
    platform.events.durable(
      'campaigns.sms-credit-canceled',
      ['checkout.canceled'],
      (event) => smsCredit.cancelPurchase(event.accountId, event.data),
      smsCheckout,
    );
    // A process that starts takes over campaigns a dead one left (their leases run out).
    app.addHook('onReady', async () => {
      await platform.jobs.send(SWEEP_QUEUE, {}).catch(() => undefined);
    });
    app.addHook('onClose', async () => campaignProgress.stop());
    await app.register(campaignsRoutes);
    await app.register(smsCreditRoutes);
  },
});
