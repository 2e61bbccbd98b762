import type { TMail } from '../../platform/mail';

const REASONS: Record<string, { 'pt-BR': string; en: string }> = {
  departmentDeleted: {
    'pt-BR': 'um departamento que ela usa foi excluído',
    en: 'a department it uses was deleted',
  },
  tagDeleted: { 'pt-BR': 'uma etiqueta que ela usa foi excluída', en: 'a tag it uses was deleted' },
  templateDeleted: {
    'pt-BR': 'um modelo do WhatsApp que ela usa foi excluído',
    en: 'a WhatsApp template it uses was deleted',
  },
  chatbotDeleted: { 'pt-BR': 'um chatbot que ela usa foi excluído', en: 'a chatbot it uses was deleted' },
};
const OTHER = {
  'pt-BR': 'algo que ela usa não existe mais',
  en: 'something it uses no longer exists',
};

/**
 * The e-mail the account's admins get when the engine turns a rule off (its references were
 * deleted). Admins' languages are not known here: the text goes in Portuguese, then in English.
 */
export function ruleDisabledMail(
  to: string,
  rule: { id: string; name: string },
  reason: string,
  link: string,
): TMail {
  const why = REASONS[reason] ?? OTHER;
  return {
    to,
    subject: `Automação desativada: ${rule.name} / Automation turned off: ${rule.name}`,
    text:
      `A automação "${rule.name}" foi desativada porque ${why['pt-BR']}. Revise a regra e ative-a de novo:\n${link}\n\n` +
      `The automation "${rule.name}" was turned off because ${why.en}. Review the rule and turn it on again:\n${link}\n`,
  };
}
