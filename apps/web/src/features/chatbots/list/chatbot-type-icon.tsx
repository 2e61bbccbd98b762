import { IconBrain, IconBrowser, IconGitBranch, IconSparkles } from '@tabler/icons-react';
import type { TChatbotType } from '@atende/shared';

const ICONS = { flow: IconGitBranch, chatpage: IconBrowser, ai: IconBrain, hybrid: IconSparkles } as const;

export function ChatbotTypeIcon({ type, size = 16 }: { type: TChatbotType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden />;
}
