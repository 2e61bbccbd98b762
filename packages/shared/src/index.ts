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
export * from './schemas/inbox';
