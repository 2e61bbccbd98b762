import { useSearchParams } from 'react-router';
import { useAcc } from '../../app/session';
import { ChannelsTab } from './channels/channels-tab';
import { DistributionTab } from './distribution-tab';
import { HoursTab } from './hours-tab';
import { InboxTab } from './inbox-tab';
import { ClosingReasonsTab } from './closing-reasons-tab';
import { DepartmentsTab } from '../departments/departments-tab';
import { KeyEntitiesTab } from '../departments/key-entities-tab';
import { isSettingsTab, SettingsLayout } from './settings-layout';
import { SurveySettingsTab } from '../surveys/survey-settings-tab';
import { AiSettingsTab } from '../ai/ai-settings-tab';

/** /settings (admins): channels, attendance hours, closing reasons, inbox rules, distribution queue. */
export function SettingsPage() {
  const [params] = useSearchParams();
  const acc = useAcc();
  const requested = params.get('tab');
  const tab = isSettingsTab(requested) ? requested : 'channels';
  return (
    <SettingsLayout active={tab}>
      {tab === 'channels' && <ChannelsTab acc={acc} />}
      {tab === 'hours' && <HoursTab acc={acc} />}
      {tab === 'reasons' && <ClosingReasonsTab acc={acc} />}
      {tab === 'inbox' && <InboxTab acc={acc} />}
      {tab === 'distribution' && <DistributionTab acc={acc} />}
      {tab === 'departments' && <DepartmentsTab acc={acc} />}
      {tab === 'entities' && <KeyEntitiesTab acc={acc} />}
      {tab === 'surveys' && <SurveySettingsTab acc={acc} />}
      {tab === 'ai' && <AiSettingsTab acc={acc} />}
    </SettingsLayout>
  );
}
