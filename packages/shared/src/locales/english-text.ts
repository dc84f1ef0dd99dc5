import { parseMessage } from '../validation/messages';
import { msgEn } from './en';

/** The English text of a rule message (`msg.min-length?n=6` -> "Min 6 characters"). */
export function englishText(message: string): string {
  const { key, values } = parseMessage(message);
  const template = key.startsWith('msg.') ? (msgEn as Record<string, string>)[key.slice(4)] : undefined;
  if (!template) return message;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
