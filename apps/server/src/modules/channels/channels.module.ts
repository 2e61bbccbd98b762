import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { channelsRoutes } from './channels.routes';
import * as tables from './channels.schema';
import { ChannelsService } from './channels.service';
import { FacebookSignupService } from './facebook-signup.service';
import { WebhookChannels } from './webhook-channels';

/** Channel records (web chat, WhatsApp Cloud, SMS) and the webhooks' cached lookup of them. */
export const channelsModule = defineModule({
  name: 'channels',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => {
    const webhookChannels = new WebhookChannels(platform.database.db);
    const channels = new ChannelsService(
      platform.database.db,
      platform.config.APP_URL,
      webhookChannels,
      platform.tenantCache,
      deps.activityLog,
      platform.events,
    );
    return {
      webhookChannels,
      channels,
      // Issue 13: WhatsApp by Facebook embedded signup.
      facebookSignup: new FacebookSignupService(platform.config, channels, platform.log),
    };
  },
  plugin: async (app) => {
    // A channel edited on any process invalidates its account: forget its channels here too.
    const { webhookChannels } = app.services;
    app.platform.tenantCache.on('invalidated', (accountId) => webhookChannels.forgetAccount(accountId));
    await app.register(channelsRoutes);
  },
});
