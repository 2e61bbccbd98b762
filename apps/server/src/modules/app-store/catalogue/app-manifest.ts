import type { TAppCategory, TAppField, TAppKey, TDomainEventName } from '@atende/shared';
import type { z } from 'zod';
import type { TOutboundFetch } from '../../../platform/outbound-url';

/** What a connection test reports (a history run: success or error, its message and log). */
export interface TConnectionResult {
  ok: boolean;
  message: string;
  log: string[];
}

/** What a connection test may use: outbound HTTP through the address guard. */
export interface TAppTestContext {
  fetch: TOutboundFetch;
}

/**
 * An app of the catalogue, declared in code: its settings (a zod schema; `fields` tell the web
 * how to draw them, secret ones write-only and encrypted at rest), the domain events it reacts
 * to, what it adds to the interface, and an optional connection test.
 */
export interface TAppManifest {
  key: TAppKey;
  /** A Tabler icon name the web maps to its component. */
  icon: string;
  category: TAppCategory;
  scope: 'account' | 'channel';
  /** Whether an account may install it more than once. */
  multiple: boolean;
  settings: z.ZodObject<z.ZodRawShape>;
  fields: TAppField[];
  events: TDomainEventName[];
  /** UI slots it adds: 'settings-page' (its own page), 'contact-panel', 'profile'… */
  ui: string[];
  test?: (settings: Record<string, string | boolean>, ctx: TAppTestContext) => Promise<TConnectionResult>;
  /**
   * Settings holding addresses the server calls (e.g. an API base URL): refused when saved unless
   * the outbound address guard allows them (URL_NOT_ALLOWED), and called only through it.
   */
  outboundUrls?: readonly string[];
}

export const secretFieldsOf = (manifest: TAppManifest) =>
  manifest.fields.filter((f) => f.kind === 'secret').map((f) => f.key);
