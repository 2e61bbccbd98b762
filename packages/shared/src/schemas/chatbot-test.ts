import { z } from 'zod';

/**
 * How the editor's live test ended (see ZChatbotTestSession):
 *   GET /p/chatbots/:id/test/:conversationId → TChatbotTestOutcome (admin), asked when the test's
 *   visitor socket gets 'closed' { conversationId } (a close, or the end of the test).
 * A test never reaches the queue: a hand-over ends the test (its conversation is neither queued
 * nor counted), and `handover` says where a real conversation would have gone (both null: the
 * queue, any department); null: the test did not hand over.
 */
export const ZChatbotTestOutcome = z.object({
  handover: z.object({ departmentId: z.string().nullable(), operatorId: z.string().nullable() }).nullable(),
});
export type TChatbotTestOutcome = z.infer<typeof ZChatbotTestOutcome>;
