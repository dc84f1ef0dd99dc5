/** The WebSocket origin of the site's own address (`wss://` behind HTTPS), for connect-src. */
export function socketOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}
