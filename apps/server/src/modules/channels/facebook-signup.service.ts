import { randomBytes, randomInt } from 'node:crypto';
import type { TChannel, TFacebookSignupBody, TFacebookSignupConfig } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import { AppError } from '../../platform/errors';
import type { TActor } from '../../platform/request-context';
import { graphRequest } from '../../providers/whatsapp-cloud/whatsapp-graph';
import type { ChannelsService } from './channels.service';

/** What the WhatsApp channel needs from the signup: managing the WABA and sending from its numbers. */
const REQUIRED_SCOPES = ['whatsapp_business_management', 'whatsapp_business_messaging'] as const;

interface TDebugToken {
  data?: {
    is_valid?: boolean;
    scopes?: string[];
    granular_scopes?: Array<{ scope: string; target_ids?: string[] }>;
  };
}

interface TPhoneNumbers {
  data?: Array<{ id: string; display_phone_number?: string; verified_name?: string }>;
}

/**
 * WhatsApp by Facebook embedded signup (issue 13), beside pasting the credentials by hand. The
 * browser's Facebook SDK returns a code (and the WABA / phone number the user picked); here the
 * code becomes the business's token (Graph /oauth/access_token), the token is checked for every
 * WhatsApp permission ('Facebook login needs all permissions'), the WABA and number are confirmed
 * against what the token may manage, the channel is created, the WABA's webhooks are pointed at
 * the channel's URL (subscribed_apps with a callback override) and the number is registered.
 */
export class FacebookSignupService {
  constructor(
    private readonly config: TConfig,
    private readonly channels: ChannelsService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.FACEBOOK_APP_ID && this.config.FACEBOOK_APP_SECRET);
  }

  settings(): TFacebookSignupConfig {
    const version = /\/(v\d+\.\d+)\/?$/.exec(this.config.WHATSAPP_GRAPH_URL)?.[1] ?? 'v21.0';
    return {
      enabled: this.enabled,
      appId: this.enabled ? this.config.FACEBOOK_APP_ID! : null,
      configId: this.enabled ? (this.config.FACEBOOK_CONFIG_ID ?? null) : null,
      graphVersion: version,
    };
  }

  async connect(accountId: string, body: TFacebookSignupBody, actor: TActor): Promise<TChannel> {
    if (!this.enabled) throw new AppError('FACEBOOK_SIGNUP_UNAVAILABLE');
    const graph = this.config.WHATSAPP_GRAPH_URL;
    const appId = this.config.FACEBOOK_APP_ID!;
    const appSecret = this.config.FACEBOOK_APP_SECRET!;
    const appToken = `${appId}|${appSecret}`;
    const query = new URLSearchParams({ client_id: appId, client_secret: appSecret, code: body.code });
    const exchanged = await this.graph(() =>
      graphRequest<{ access_token?: string }>(graph, appToken, 'GET', `oauth/access_token?${query}`),
    );
    const token = exchanged.access_token;
    if (!token) throw new AppError('FACEBOOK_SIGNUP_FAILED');

    const debug = await this.graph(() =>
      graphRequest<TDebugToken>(
        graph,
        appToken,
        'GET',
        `debug_token?${new URLSearchParams({ input_token: token })}`,
      ),
    );
    const scopes = new Set(debug.data?.scopes ?? []);
    if (!debug.data?.is_valid || REQUIRED_SCOPES.some((s) => !scopes.has(s)))
      throw new AppError('FACEBOOK_PERMISSIONS_MISSING');
    const wabaIds =
      debug.data.granular_scopes?.find((g) => g.scope === 'whatsapp_business_management')?.target_ids ?? [];
    const wabaId = body.wabaId ?? wabaIds[0];
    // The WABA must be one the token was granted (when Facebook lists them).
    if (!wabaId || (wabaIds.length > 0 && !wabaIds.includes(wabaId)))
      throw new AppError('FACEBOOK_PERMISSIONS_MISSING');

    const numbers = await this.graph(() =>
      graphRequest<TPhoneNumbers>(graph, token, 'GET', `${wabaId}/phone_numbers`),
    );
    const phone = body.phoneNumberId
      ? numbers.data?.find((n) => n.id === body.phoneNumberId)
      : numbers.data?.[0];
    if (!phone) throw new AppError('FACEBOOK_PERMISSIONS_MISSING');
    const digits = (phone.display_phone_number ?? '').replace(/\D/g, '');

    const verifyToken = randomBytes(24).toString('base64url');
    const channel = await this.channels.create(
      accountId,
      {
        kind: 'whatsapp-cloud',
        name: body.name,
        phoneNumberId: phone.id,
        wabaId,
        displayPhone: `+${digits}`,
        accessToken: token,
        // Webhooks of WABAs subscribed to this app are signed with the app's secret.
        appSecret,
        verifyToken,
      },
      actor,
    );
    try {
      // The WABA's webhooks go to this channel's URL (Meta checks it with the verify token).
      await this.graph(() =>
        graphRequest(graph, token, 'POST', `${wabaId}/subscribed_apps`, {
          override_callback_uri: channel.webhookUrl,
          verify_token: verifyToken,
        }),
      );
    } catch (error) {
      await this.channels.remove(accountId, channel._id).catch(() => undefined);
      throw error;
    }
    // A number new to the Cloud API is registered (a two-step PIN of our own); one already
    // registered answers an error that changes nothing: the channel works either way.
    const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await graphRequest(graph, token, 'POST', `${phone.id}/register`, {
      messaging_product: 'whatsapp',
      pin,
    }).catch((err) =>
      this.log?.warn({ reason: String(err?.code ?? err) }, 'whatsapp number registration refused'),
    );
    return channel;
  }

  /** Graph failures of the signup read as the signup's error (the catalogue's provider codes are about messages). */
  private async graph<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError && error.code === 'FACEBOOK_PERMISSIONS_MISSING') throw error;
      const details = error instanceof AppError ? error.details : undefined;
      throw new AppError(
        'FACEBOOK_SIGNUP_FAILED',
        details ? { status: details.status, providerCode: details.providerCode } : undefined,
      );
    }
  }
}
