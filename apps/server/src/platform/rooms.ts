/**
 * Every Socket.IO room name (DESIGN.md §6), in one place: who is in a room is decided where the
 * sockets join (platform/realtime.ts, the team chat and inbox socket handlers), what goes to it by
 * the listeners that emit.
 */
export const rooms = {
  /** Every member socket of an account on /attendance. */
  account: (accountId: string) => `acc:${accountId}`,
  /** Every socket of a user (any account) on /attendance. */
  user: (userId: string) => `user:${userId}`,
  /** A user's team chat sockets within one account. */
  teamChatUser: (accountId: string, userId: string) => `tc:${accountId}:${userId}`,
  /** The inbox's visibility rooms (see modules/inbox/access/inbox-rooms.ts for who joins which). */
  inbox: {
    prefix: (acc: string) => `inbox:${acc}:`,
    managers: (acc: string) => `inbox:${acc}:all`,
    operators: (acc: string) => `inbox:${acc}:ops`,
    departmentOperators: (acc: string) => `inbox:${acc}:ops-dept`,
    department: (acc: string, department: string) => `inbox:${acc}:dept:${department}`,
    user: (acc: string, userId: string) => `inbox:${acc}:u:${userId}`,
  },
  /** Sockets that opened a conversation (typing indicators). */
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** One web chat visitor's sockets on one channel, on /webchat. */
  visitor: (channelId: string, contactId: string) => `visitor:${channelId}:${contactId}`,
};
