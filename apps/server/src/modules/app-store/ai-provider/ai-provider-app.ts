import type { TAccountAiSettings } from '../../../platform/ai/ai-provider';
import type { AppsService } from '../catalogue/apps.service';

/**
 * The OpenAI-compatible AI app: the account's own provider (base URL, key, model), which every AI
 * feature of the account uses instead of the server's while the app is installed and active.
 */
export class AiProviderApp {
  constructor(private readonly apps: AppsService) {}

  /** The account's provider settings (key opened, server-side only), or null: the server's provider. */
  readonly settingsOf = async (accountId: string): Promise<TAccountAiSettings | null> => {
    const install = await this.apps.activeInstall(accountId, 'openai-compatible');
    if (!install) return null;
    const settings = await this.apps.settingsOf(accountId, install.id);
    const baseURL = String(settings.baseUrl ?? '');
    const apiKey = String(settings.apiKey ?? '');
    const model = String(settings.model ?? '');
    return baseURL && apiKey && model ? { baseURL, apiKey, model } : null;
  };
}
