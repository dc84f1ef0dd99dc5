import { ChatPage } from '../../features/chat/components/chat-page';

/** /chat and /chat/:conversationId: the messenger. */
export function ChatRoute() {
  return <ChatPage />;
}
