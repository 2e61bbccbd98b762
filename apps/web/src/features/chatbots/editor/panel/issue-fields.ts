import type { TFunction } from 'i18next';
import type { TFlowIssue } from '@atende/shared';

/** An issue's message in the interface language. */
export const issueText = (t: TFunction, issue: Pick<TFlowIssue, 'code'>) =>
  t(`chatbots:issues.${issue.code}`);

/**
 * A block's issues by the block field they point at (path ['groups', g, 'blocks', b, field, …]);
 * issues about the block as a whole go under ''.
 */
export function issuesByField(t: TFunction, issues: TFlowIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0] === 'groups' && issue.path[2] === 'blocks' ? String(issue.path[4] ?? '') : '';
    errors[field] ??= issueText(t, issue);
  }
  return errors;
}
