import type { MeetingView } from '@app/shared/schemas/meet';

/** Whether an answer is a whole meeting view (the calls that change one may answer with it). */
export const isMeetingView = (value: unknown): value is MeetingView =>
  typeof value === 'object' && value !== null && 'progress' in value && 'requirements' in value && 'myCode' in value;
