import { z } from 'zod';
import { zUuid } from './common';

/** AI knowledge base (p/ai/knowledge/sources...): sources, their training state, the test console. */
export const KNOWLEDGE_SOURCE_STATUSES = ['not_trained', 'training', 'trained', 'failed'] as const;
export type TKnowledgeSourceStatus = (typeof KNOWLEDGE_SOURCE_STATUSES)[number];

export const ZKnowledgeSource = z.object({
  _id: z.string(),
  acc: z.string(),
  chatbotId: z.string().nullable(),
  kind: z.enum(['file', 'faq', 'markdown', 'url']),
  /** The page's title once trained (its address before), for a web page. */
  name: z.string(),
  /** The web page's address (kind url). */
  url: z.string().nullable().optional(),
  fileType: z.string().nullable(),
  size: z.number().int(),
  status: z.enum(KNOWLEDGE_SOURCE_STATUSES),
  /** Why training failed (an error code of the catalogue). */
  errorCode: z.string().nullable(),
  pages: z.number().int(),
  chunks: z.number().int(),
  trainedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TKnowledgeSource = z.infer<typeof ZKnowledgeSource>;

/** ?chatbotId= : one chatbot's own sources; without it, the account-wide ones. */
export const ZKnowledgeScope = z.object({ chatbotId: zUuid.optional() });
export const ZKnowledgeUploadQuery = ZKnowledgeScope.extend({ name: z.string().trim().min(1).max(300) });

export const ZKnowledgeFaqBody = z.object({
  chatbotId: zUuid.nullish(),
  question: z.string().trim().min(1).max(1000),
  answer: z.string().trim().min(1).max(5000),
});
export const ZKnowledgeMarkdownBody = z.object({
  chatbotId: zUuid.nullish(),
  name: z.string().trim().min(1).max(300),
  text: z.string().trim().min(1).max(200_000),
});
/** A web page by its address, fetched by the server (http or https only). */
export const ZKnowledgeUrlBody = z.object({
  chatbotId: zUuid.nullish(),
  url: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(2000, { error: 'tooLong' })
    .pipe(z.url({ protocol: /^https?$/, error: 'url' })),
});
export type TKnowledgeUrlBody = z.input<typeof ZKnowledgeUrlBody>;

export const ZKnowledgeAskBody = z.object({
  chatbotId: zUuid.nullish(),
  question: z.string().trim().min(1).max(2000),
});

const ZCitation = z.object({
  sourceId: z.string(),
  sourceName: z.string(),
  page: z.number().int().nullable(),
  section: z.string().nullable(),
});
export const ZKnowledgePassage = ZCitation.extend({ text: z.string(), score: z.number() });
export type TKnowledgePassage = z.infer<typeof ZKnowledgePassage>;

/** The test console's answer: passages with scores and what the bot would send (model-written, or retrieved as is without a model). */
export const ZKnowledgeAnswer = z.object({
  passages: z.array(ZKnowledgePassage),
  answer: z.object({
    kind: z.enum(['generated', 'retrieved', 'none']),
    text: z.string().nullable(),
    source: ZCitation.nullable(),
  }),
});
export type TKnowledgeAnswer = z.infer<typeof ZKnowledgeAnswer>;
