import { z } from 'zod';

/**
 * How the editor's live test ended (see ZChatbotTestSession):
 *   GET /p/chatbots/:id/test/:conversationId → TChatbotTestOutcome (admin), asked once the test's
 *   conversation closed (the visitor's 'closed' { conversationId }).
 * A test never reaches the inbox: a hand-over ends it (its conversation closes, uncounted), and
 * `handover` says where a real conversation would have gone (both null: the queue, any
 * department); null: the test did not hand over.
 */
export const ZChatbotTestOutcome = z.object({
  handover: z.object({ departmentId: z.string().nullable(), operatorId: z.string().nullable() }).nullable(),
});
export type TChatbotTestOutcome = z.infer<typeof ZChatbotTestOutcome>;
