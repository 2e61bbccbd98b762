import { IconBrandWhatsapp, IconMessage2, IconWorldWww, type Icon } from '@tabler/icons-react';
import {
  type TChannel,
  type TChannelKind,
  type TCreateChannelBody,
  type TUpdateChannelBody,
  type TWebchatPrechatField,
  WEBCHAT_PRECHAT_FIELDS,
} from '@atende/shared';

export const KIND_ICON: Record<TChannelKind, Icon> = {
  webchat: IconWorldWww,
  'whatsapp-cloud': IconBrandWhatsapp,
  sms: IconMessage2,
};
export const KIND_COLOR: Record<TChannelKind, string> = {
  webchat: 'blue',
  'whatsapp-cloud': 'green',
  sms: 'grape',
};
export const KINDS: TChannelKind[] = ['webchat', 'whatsapp-cloud', 'sms'];

/** Every field of every kind (the form is one object; the body takes the kind's own). */
export interface TChannelValues {
  kind: TChannelKind;
  name: string;
  slug: string;
  color: string;
  greeting: string;
  allowedOrigins: string[];
  preChatForm: boolean;
  preChatFields: TWebchatPrechatField[];
  phoneNumberId: string;
  wabaId: string;
  displayPhone: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  fromNumber: string;
  accountSid: string;
  authToken: string;
}

/** A random verify token for Meta's webhook check (the admin pastes it in Meta's dashboard). */
export function randomToken(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A chat page address from a name: 'Loja São João' → 'loja-sao-joao'. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function initialValues(kind: TChannelKind, channel?: TChannel | null): TChannelValues {
  const c = channel?.config ?? {};
  return {
    kind,
    name: channel?.name ?? '',
    slug: str(c.slug),
    color: str(c.color) || '#0b7a75',
    greeting: str(c.greeting),
    allowedOrigins: Array.isArray(c.allowedOrigins) ? c.allowedOrigins.map(String) : [],
    preChatForm: c.preChatForm === true,
    preChatFields: Array.isArray(c.preChatFields)
      ? WEBCHAT_PRECHAT_FIELDS.filter((f) => (c.preChatFields as unknown[]).includes(f))
      : ['name', 'email'],
    phoneNumberId: str(c.phoneNumberId),
    wabaId: str(c.wabaId),
    displayPhone: str(c.displayPhone),
    accessToken: '',
    appSecret: '',
    verifyToken: channel ? '' : randomToken(),
    fromNumber: str(c.fromNumber),
    accountSid: str(c.accountSid),
    authToken: '',
  };
}

/** The kind's fields; on edit an empty secret is left out (the stored one stays). */
export type TChannelBody = TCreateChannelBody | TUpdateChannelBody;

export function channelBody(v: TChannelValues, editing: boolean): TChannelBody {
  const secret = (value: string) => (editing && !value.trim() ? undefined : value);
  switch (v.kind) {
    case 'webchat':
      return {
        kind: 'webchat',
        name: v.name,
        slug: v.slug,
        color: v.color,
        greeting: v.greeting,
        allowedOrigins: v.allowedOrigins,
        preChatForm: v.preChatForm,
        preChatFields: v.preChatFields,
      };
    case 'whatsapp-cloud':
      return {
        kind: 'whatsapp-cloud',
        name: v.name,
        phoneNumberId: v.phoneNumberId,
        wabaId: v.wabaId,
        displayPhone: v.displayPhone,
        accessToken: secret(v.accessToken),
        appSecret: secret(v.appSecret),
        verifyToken: secret(v.verifyToken),
      };
    case 'sms':
      return {
        kind: 'sms',
        name: v.name,
        fromNumber: v.fromNumber,
        accountSid: v.accountSid,
        authToken: secret(v.authToken),
      };
  }
}

/** PUT body that keeps a channel as it is and changes its status (disable / enable). */
export function statusBody(channel: TChannel, status: 'active' | 'disabled'): TUpdateChannelBody {
  return { ...channelBody(initialValues(channel.kind, channel), true), status } as TUpdateChannelBody;
}

/** What customers see: the phone number, or the chat page slug. */
export function channelAddress(channel: TChannel): string {
  const c = channel.config;
  if (channel.kind === 'whatsapp-cloud') return str(c.displayPhone);
  if (channel.kind === 'sms') return str(c.fromNumber);
  return channel.chatUrl ?? str(c.slug);
}
