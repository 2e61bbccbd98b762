export * from './roles';
export * from './account-status';
export * from './limits';
export * from './plans';
export * from './trial';
export * from './routes';
export * from './validation';

export * from './errors';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/accounts';
export * from './schemas/users';
export * from './schemas/contacts';
export * from './schemas/team-chat';
export * from './schemas/knowledge';
// AI settings and the inbox's AI help (issue 15).
export * from './schemas/ai';
export * from './schemas/inbox';
export * from './schemas/channels';
export * from './schemas/conversations';
export * from './schemas/quick-messages';
export * from './schemas/inbox-settings';
export * from './schemas/templates';
export * from './schemas/chatbots';
export * from './schemas/chatbot-validate';
export * from './schemas/chatbot-test';
export * from './schemas/interactive';
// Automations (issue 17).
export * from './schemas/automations';
// Satisfaction surveys (issue 18).
export * from './schemas/surveys';
// Departments and key entities (issue 13).
export * from './schemas/departments';
// App store, webhooks, push (issue 19).
export * from './schemas/app-store';
// Campaigns and SMS credit (issue 16).
export * from './schemas/campaigns';
// Dashboards (issue 20).
export * from './schemas/dashboards';
// Service-operator controls and coupons (issue 13).
export * from './schemas/ops';
// The help form (issue 13).
export * from './schemas/support';
// Error reporting and the public client configuration (issue 13).
export * from './error-reporting';
export * from './schemas/client-config';
export * from './events';
