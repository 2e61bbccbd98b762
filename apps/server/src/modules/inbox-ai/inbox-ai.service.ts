import {
  renderQuickMessage,
  type TInboxAiSearchResult,
  type TInboxAiStatus,
  type TInboxAiSuggestion,
  type TLang,
  type TMessage,
  type TQuickMessage,
  type TQuickMessageVariable,
} from '@atende/shared';
import {
  providerFor,
  type TAiMessage,
  type TAiProvider,
  type TKnowledgeSearch,
} from '../../platform/ai/ai.types';
import { AppError } from '../../platform/errors';
import type { TTenant } from '../../platform/tenancy';
import type { AiSettingsService } from '../ai/ai-settings.service';
import type { TViewer } from '../inbox/access/inbox-access';
import {
  improveMessages,
  overlapScore,
  suggestMessages,
  summaryMessages,
  transcriptOf,
  translateMessages,
  wordsOf,
} from './inbox-ai-prompts';

const HISTORY = 30;
const PASSAGES = 4;
const QUICK_IN_PROMPT = 5;
const SEARCH_RESULTS = 5;
/** Without a model, a found text is offered only when it covers at least this share of the customer's words. */
const MIN_OVERLAP = 0.2;

export interface TInboxAiDeps {
  provider: TAiProvider;
  settings: AiSettingsService;
  conversations: {
    messages(
      viewer: TViewer,
      id: string,
      query: { acc: string; limit: number },
    ): Promise<{ items: TMessage[] }>;
    variables(viewer: TViewer, id: string): Promise<Record<TQuickMessageVariable, string>>;
  };
  quickMessages: { list(accountId: string): Promise<TQuickMessage[]> };
  passages(
    accountId: string,
    question: string,
    limit: number,
  ): Promise<{ sourceName: string; text: string; score: number }[]>;
  notes: TKnowledgeSearch;
}

type TCaller = TViewer & Pick<TTenant, 'account'>;

/**
 * The inbox's AI help for operators: a reply suggestion (from the model with the account's prompt,
 * the knowledge base and the quick messages; without a model, the best matching quick message or
 * passage, labelled as found), a summary, an improved or translated draft. Nothing is ever sent:
 * the composer gets the text. Off unless the account has aiEnable and assistantEnable.
 */
export class InboxAiService {
  constructor(private readonly deps: TInboxAiDeps) {}

  async status(caller: TCaller): Promise<TInboxAiStatus> {
    return { enabled: this.enabled(caller), model: await this.hasModel(caller) };
  }

  /** Whether the account's provider (its own, or the server's) is a model. */
  private async hasModel(caller: TCaller) {
    return (await providerFor(this.deps.provider, caller.accountId)).kind === 'openai';
  }

  async suggest(caller: TCaller, conversationId: string, lang: TLang): Promise<TInboxAiSuggestion> {
    this.assertEnabled(caller);
    const messages = await this.history(caller, conversationId);
    const variables = await this.deps.conversations.variables(caller, conversationId);
    const question = lastCustomerText(messages);
    const words = wordsOf(question);
    const [passages, notes, quick] = await Promise.all([
      question ? this.deps.passages(caller.accountId, question, PASSAGES) : [],
      question ? this.deps.notes(caller.accountId, question, lang, PASSAGES) : [],
      this.deps.quickMessages.list(caller.accountId),
    ]);
    const found = [
      ...passages.map((p) => ({ sourceName: p.sourceName, text: p.text })),
      ...notes.filter((n) => n.source === 'note').map((n) => ({ sourceName: n.title, text: n.body })),
    ];
    const quickRanked = quick
      .map((q) => ({ ...q, text: renderQuickMessage(q.text, variables), score: overlapScore(words, q.text) }))
      .sort((a, b) => b.score - a.score);
    if (await this.hasModel(caller)) {
      const prompt = await this.deps.settings.prompt(caller.accountId, 'inbox', lang);
      const context = { passages: found, quickMessages: quickRanked.slice(0, QUICK_IN_PROMPT) };
      const text = await this.complete(
        caller,
        lang,
        suggestMessages(prompt, transcriptOf(messages, false), context),
      );
      return { kind: 'generated', text, source: null };
    }
    const bestQuick = quickRanked[0];
    const bestPassage = found
      .map((p) => ({ ...p, score: overlapScore(words, p.text) }))
      .sort((a, b) => b.score - a.score)[0];
    const quickScore = bestQuick?.score ?? 0;
    const passageScore = bestPassage?.score ?? 0;
    if (Math.max(quickScore, passageScore) < MIN_OVERLAP) return { kind: 'none', text: '', source: null };
    if (bestQuick && quickScore >= passageScore)
      return { kind: 'quick_message', text: bestQuick.text, source: bestQuick.shortcut };
    return { kind: 'knowledge', text: bestPassage!.text, source: bestPassage!.sourceName };
  }

  async summarise(caller: TCaller, conversationId: string, lang: TLang) {
    await this.assertModel(caller);
    const messages = await this.history(caller, conversationId);
    const prompt = await this.deps.settings.prompt(caller.accountId, 'inbox', lang);
    return {
      text: await this.complete(caller, lang, summaryMessages(prompt, transcriptOf(messages, true), lang)),
    };
  }

  async improve(caller: TCaller, draft: string, lang: TLang) {
    await this.assertModel(caller);
    const prompt = await this.deps.settings.prompt(caller.accountId, 'inbox', lang);
    return { text: await this.complete(caller, lang, improveMessages(prompt, draft)) };
  }

  async translate(caller: TCaller, draft: string, to: TLang) {
    await this.assertModel(caller);
    return { text: await this.complete(caller, to, translateMessages(draft, to)) };
  }

  /** The operator's own question to the knowledge base and the notes: what is found, as is. */
  async search(caller: TCaller, question: string, lang: TLang): Promise<TInboxAiSearchResult> {
    this.assertEnabled(caller);
    const [passages, notes] = await Promise.all([
      this.deps.passages(caller.accountId, question, SEARCH_RESULTS),
      this.deps.notes(caller.accountId, question, lang, SEARCH_RESULTS),
    ]);
    return {
      items: [
        ...passages.map((p) => ({ kind: 'knowledge' as const, source: p.sourceName, text: p.text })),
        ...notes
          .filter((n) => n.source === 'note')
          .map((n) => ({ kind: 'note' as const, source: n.title, text: n.body })),
      ],
    };
  }

  private enabled(caller: TCaller) {
    return caller.account.aiEnable && caller.account.assistantEnable;
  }

  private assertEnabled(caller: TCaller) {
    if (!this.enabled(caller)) throw new AppError('AI_DISABLED');
  }

  /** Summaries and rewriting need a model: the built-in retrieval only finds texts. */
  private async assertModel(caller: TCaller) {
    this.assertEnabled(caller);
    if (!(await this.hasModel(caller))) throw new AppError('AI_MODEL_REQUIRED');
  }

  private async history(caller: TCaller, conversationId: string) {
    const page = await this.deps.conversations.messages(caller, conversationId, {
      acc: caller.accountId,
      limit: HISTORY,
    });
    return page.items;
  }

  private async complete(caller: TCaller, lang: TLang, messages: TAiMessage[]) {
    try {
      const result = await this.deps.provider.complete({ accountId: caller.accountId, lang, messages });
      return result.text.trim();
    } catch {
      throw new AppError('AI_FAILED');
    }
  }
}

/** The customer's latest words (their last messages in a row), what a reply answers. */
function lastCustomerText(messages: TMessage[]): string {
  const texts: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.private || !m.body?.trim()) continue;
    if (m.author !== 'contact') {
      if (texts.length) break;
      continue;
    }
    texts.unshift(m.body.trim());
  }
  return texts.join('\n');
}
