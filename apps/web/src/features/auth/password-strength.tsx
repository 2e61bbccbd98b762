import { useEffect, useState } from 'react';
import { PASSWORD_LEVELS, passwordLevel } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { StrengthMeter } from '../../ui/strength-meter';

type TScorer = (password: string, inputs?: string[]) => number;
let scorer: Promise<TScorer> | null = null;

function loadScorer(): Promise<TScorer> {
  scorer ??= import('./zxcvbn-score').then((m) => m.guessScore);
  return scorer;
}

/** Five-level strength meter (spec §5): the shared policy checks, lowered by zxcvbn's guess score. */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation('auth');
  const [score, setScore] = useState<number | undefined>(undefined);
  const inputsKey = userInputs.join('|');

  useEffect(() => {
    let alive = true;
    if (!password) {
      setScore(undefined);
      return;
    }
    const timer = setTimeout(() => {
      void loadScorer()
        .then((fn) => {
          if (alive) setScore(fn(password, inputsKey ? inputsKey.split('|') : []));
        })
        .catch(() => undefined);
    }, 120);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  const level = passwordLevel(password, score);
  const index = PASSWORD_LEVELS.indexOf(level);
  return (
    <StrengthMeter
      level={password ? index : -1}
      label={password ? t(`strength.${level}`) : t('strength.empty')}
      caption={t('strength.caption')}
    />
  );
}
