import { rooms } from '../../platform/rooms';
/** The Socket.IO namespace of web chat visitors (never /attendance). */
export const WEBCHAT_NAMESPACE = '/webchat';

/** One visitor's sockets on one channel. */
export const visitorRoom = rooms.visitor;
