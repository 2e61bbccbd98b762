/**
 * The inbox's types that other modules may name (web chat renders its messages): a module reads
 * another's rows through its types, never through its repositories or presenters.
 */
export type { TMessageRow } from './conversations/message-presenter';
