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
