import { Navigate, useParams } from 'react-router';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { useChatbot } from './chatbots-api';
import { editPath } from './chatbot-paths';

/** /apps/chatbot/edit/{chatbot_id}: opens the editor of the bot's type. */
export function ChatbotEditPage() {
  const { chatbot_id: id = '' } = useParams();
  const link = useAccLink();
  const detail = useChatbot(useAcc(), id);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <LoadError error={detail.error} />;
  const { chatbot } = detail.data;
  return <Navigate to={link(editPath(chatbot.type, chatbot._id))} replace />;
}
