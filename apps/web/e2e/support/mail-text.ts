/**
 * The text/plain part of a raw message as the reader sees it: nodemailer writes it quoted-printable
 * (or base64 for long non-Latin lines), which breaks links across lines and escapes '='.
 */
export function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0] ?? '')) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const head = split < 0 ? '' : part.slice(0, split);
  const body = split < 0 ? part : part.slice(split).replace(/^\s+/, '');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
