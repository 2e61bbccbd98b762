import type { TLang } from '@atende/shared';
import type { TMail } from '../../platform/mail';

/** Transactional mail texts, in the recipient's language. */
export function otpMail(to: string, code: string, lang: TLang): TMail {
  return lang === 'en'
    ? {
        to,
        subject: `${code} is your Atende verification code`,
        text: `Your verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not create an Atende account, ignore this e-mail.`,
      }
    : {
        to,
        subject: `${code} é o seu código de verificação do Atende`,
        text: `Seu código de verificação é ${code}. Ele vale por 10 minutos.\n\nSe você não criou uma conta no Atende, ignore este e-mail.`,
      };
}

export function resetMail(to: string, link: string, lang: TLang): TMail {
  return lang === 'en'
    ? {
        to,
        subject: 'Reset your Atende password',
        text: `To choose a new password, open this link within 1 hour:\n\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
      }
    : {
        to,
        subject: 'Redefina sua senha do Atende',
        text: `Para escolher uma nova senha, abra este link em até 1 hora:\n\n${link}\n\nSe você não pediu, ignore este e-mail.`,
      };
}

export function inviteMail(to: string, accountName: string, link: string, lang: TLang): TMail {
  return lang === 'en'
    ? {
        to,
        subject: `You were invited to ${accountName} on Atende`,
        text: `You were invited to join ${accountName} on Atende. Accept the invitation within 7 days:\n\n${link}`,
      }
    : {
        to,
        subject: `Você foi convidado para ${accountName} no Atende`,
        text: `Você foi convidado para participar de ${accountName} no Atende. Aceite o convite em até 7 dias:\n\n${link}`,
      };
}
