import type { TChannelKind } from '@atende/shared';
import type { TConfig } from '../config';
import { AppError } from '../platform/errors';
import type { Realtime } from '../platform/realtime';
import type { ChannelAdapter } from './channel-adapter';
import { SmsAdapter } from './sms/sms.adapter';
import { TwilioSmsProvider } from './sms/twilio.provider';
import { WebchatAdapter } from './webchat/webchat.adapter';
import { WhatsAppCloudAdapter } from './whatsapp-cloud/whatsapp-cloud.adapter';

/** The channel adapters by kind (DESIGN.md §6). */
export class ChannelRegistry {
  private readonly adapters = new Map<TChannelKind, ChannelAdapter>();

  register(adapter: ChannelAdapter): this {
    this.adapters.set(adapter.kind, adapter);
    return this;
  }

  find(kind: string): ChannelAdapter | undefined {
    return this.adapters.get(kind as TChannelKind);
  }

  get(kind: string): ChannelAdapter {
    const adapter = this.find(kind);
    if (!adapter) throw new AppError('CHANNEL_NOT_FOUND');
    return adapter;
  }
}

/** WhatsApp Cloud API and SMS (talking to WHATSAPP_GRAPH_URL and SMS_API_URL), and web chat. */
export function createChannelRegistry(config: TConfig, realtime: Realtime): ChannelRegistry {
  return new ChannelRegistry()
    .register(new WhatsAppCloudAdapter(config.WHATSAPP_GRAPH_URL))
    .register(new SmsAdapter(new TwilioSmsProvider(config.SMS_API_URL, config.SMS_API_KEY), config.APP_URL))
    .register(new WebchatAdapter(realtime));
}
