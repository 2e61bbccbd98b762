import { ReactFlowProvider } from '@xyflow/react';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAcc } from '../../../app/session';
import { PageLoader } from '../../../ui/page-loader';
import { LoadError } from '../../../ui/load-error';
import { PageHeader } from '../../../ui/page-header';
import { useChatbot } from '../chatbots-api';
import { FlowEditor } from './flow-editor';

/**
 * /apps/chatbot/edit/flow/{chatbotType?}/{chatbot_id} and /apps/chatbot/edit/flow/hybrid/{chatbot_id}:
 * the flow editor of a bot (loaded with this page only, never with sign-in).
 */
export function FlowEditorPage() {
  const { t } = useTranslation('chatbots');
  const { chatbot_id: id = '' } = useParams();
  const detail = useChatbot(useAcc(), id);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError)
    return (
      <Stack>
        <PageHeader title={t('editor.title')} />
        <Alert color="red" variant="light">
          <LoadError error={detail.error} />
        </Alert>
      </Stack>
    );
  return (
    <ReactFlowProvider>
      <FlowEditor key={id} detail={detail.data} />
    </ReactFlowProvider>
  );
}
