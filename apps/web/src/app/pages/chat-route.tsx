import { MeetGateNotice } from '../../components/meet-gate-notice';
import { ChatPage } from '../../features/chat/components/chat-page';
import { publicConfig } from '../../lib/public-config';
import { useMeetAccess } from './use-meet-access';

/** /chat and /chat/:conversationId: the messenger, for those the server's meet gate lets in. */
export function ChatRoute() {
  const access = useMeetAccess();
  if (access && access !== 'open')
    return <MeetGateNotice reason={access} minAge={publicConfig().minAge} screen="chat" />;
  return <ChatPage />;
}
