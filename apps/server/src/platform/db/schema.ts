/** Every table, for drizzle-kit and the typed client. */
export * from '../../modules/auth/auth.schema';
export * from '../../modules/accounts/accounts.schema';
export * from '../../modules/activity-log/activity-log.schema';
export * from '../../modules/billing/billing.schema';
export * from '../../modules/users/users.schema';
export * from '../../modules/team-chat/team-chat.schema';
export * from '../../modules/contacts/contacts.schema';
export * from '../../modules/channels/channels.schema';
export * from '../../modules/inbox/inbox.schema';
export * from '../../modules/inbox-settings/inbox-settings.schema';
export * from '../../modules/quick-messages/quick-messages.schema';
export * from '../../modules/inbox/files/inbox-files.schema';
export * from '../../modules/templates/templates.schema';
export * from '../events.schema';
export * from '../../modules/inbox/distribution/distribution.schema';
export * from '../../modules/knowledge/knowledge.schema';
