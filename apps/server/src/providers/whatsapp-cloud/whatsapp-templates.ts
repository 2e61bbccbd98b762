import type { TTemplateButton, TTemplateStatus } from '@atende/shared';
import type { TChannelRecord } from '../channel-adapter';
import { graphRequest } from './whatsapp-graph';

/** What Meta reviews: the template's content in our terms. */
export interface TTemplateContent {
  name: string;
  language: string;
  category: string;
  header: string | null;
  body: string;
  footer: string | null;
  buttons: TTemplateButton[];
  examples: { body: string[]; header: string[] };
}

export interface TProviderTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  rejectedReason?: string;
}

/** Meta's template statuses in ours (paused or disabled templates cannot be sent: rejected). */
export function templateStatusOf(metaStatus: string): TTemplateStatus {
  const s = metaStatus.toUpperCase();
  if (s === 'APPROVED') return 'approved';
  if (['REJECTED', 'PAUSED', 'DISABLED', 'FLAGGED', 'DELETED'].includes(s)) return 'rejected';
  return 'pending';
}

/** Graph's `components` of a template (HEADER text, BODY, FOOTER, BUTTONS) with review examples. */
export function templateComponents(t: TTemplateContent): unknown[] {
  const components: unknown[] = [];
  if (t.header) {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.header,
      ...(t.examples.header.length > 0 ? { example: { header_text: t.examples.header } } : {}),
    });
  }
  components.push({
    type: 'BODY',
    text: t.body,
    ...(t.examples.body.length > 0 ? { example: { body_text: [t.examples.body] } } : {}),
  });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length > 0) {
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b) =>
        b.type === 'URL'
          ? { type: 'URL', text: b.text, url: b.url }
          : b.type === 'PHONE_NUMBER'
            ? { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phoneNumber }
            : { type: 'QUICK_REPLY', text: b.text },
      ),
    });
  }
  return components;
}

/**
 * The Business Management side of the Graph API for message templates of a channel's WhatsApp
 * Business Account (config.wabaId): create (submit), edit (resubmit), list (status sync), delete.
 */
export class WhatsAppTemplatesApi {
  constructor(private readonly graphUrl: string) {}

  private wabaOf(channel: TChannelRecord): string {
    const waba = channel.config.wabaId;
    return typeof waba === 'string' && waba ? waba : channel.externalId;
  }

  async submit(
    channel: TChannelRecord,
    t: TTemplateContent,
  ): Promise<{ id: string; status: TTemplateStatus }> {
    const answer = await graphRequest<{ id: string; status?: string }>(
      this.graphUrl,
      channel.secrets.accessToken,
      'POST',
      `${this.wabaOf(channel)}/message_templates`,
      { name: t.name, language: t.language, category: t.category, components: templateComponents(t) },
    );
    return { id: answer.id, status: templateStatusOf(answer.status ?? 'PENDING') };
  }

  /** Edits a submitted template: Meta reviews it again. */
  async resubmit(channel: TChannelRecord, providerTemplateId: string, t: TTemplateContent): Promise<void> {
    await graphRequest(
      this.graphUrl,
      channel.secrets.accessToken,
      'POST',
      encodeURIComponent(providerTemplateId),
      {
        category: t.category,
        components: templateComponents(t),
      },
    );
  }

  async list(channel: TChannelRecord): Promise<TProviderTemplate[]> {
    const out: TProviderTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < 50; page++) {
      const query = new URLSearchParams({ fields: 'id,name,language,status,rejected_reason', limit: '100' });
      if (after) query.set('after', after);
      const answer = await graphRequest<{
        data?: Array<{
          id: string;
          name: string;
          language: string;
          status: string;
          rejected_reason?: string;
        }>;
        paging?: { cursors?: { after?: string }; next?: string };
      }>(
        this.graphUrl,
        channel.secrets.accessToken,
        'GET',
        `${this.wabaOf(channel)}/message_templates?${query}`,
      );
      for (const t of answer.data ?? []) {
        out.push({
          id: String(t.id),
          name: t.name,
          language: t.language,
          status: t.status,
          rejectedReason: t.rejected_reason,
        });
      }
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return out;
  }

  async remove(channel: TChannelRecord, name: string, providerTemplateId: string): Promise<void> {
    const query = new URLSearchParams({ name, hsm_id: providerTemplateId });
    await graphRequest(
      this.graphUrl,
      channel.secrets.accessToken,
      'DELETE',
      `${this.wabaOf(channel)}/message_templates?${query}`,
    );
  }
}
