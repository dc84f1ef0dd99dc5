import { useEffect, useState } from 'react';
import type { AppSocket } from '../../../lib/socket';

/**
 * How far the server's clock is ahead of this device's (ms), from the socket's ping. Hands expire
 * by the server's clock, and a phone's clock may be minutes off: countdowns add this.
 */
export function useServerClockOffset(socket: AppSocket | null): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (!socket) return;
    const measure = () => {
      const sentAt = Date.now();
      socket.emit('ping', (serverTime) => {
        const receivedAt = Date.now();
        setOffset(serverTime - (sentAt + receivedAt) / 2);
      });
    };
    if (socket.connected) measure();
    socket.on('connect', measure);
    return () => {
      socket.off('connect', measure);
    };
  }, [socket]);
  return offset;
}
