import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingView } from '@app/shared/schemas/meet';
import { api, ApiError } from '../../../lib/api-client';

export const getMeeting = (peerId: number) => api<MeetingView>(`/meet/meetings/${peerId}`);

export const getMeetingQueryOptions = (peerId: number) =>
  queryOptions({
    queryKey: ['meet', 'meeting', peerId],
    queryFn: () => getMeeting(peerId),
    // A refusal (no such user, an incomplete profile, oneself) is the answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

/**
 * GET /meet/meetings/:peerId: everything the meeting screen shows. Live changes arrive as
 * 'meeting:update' (use-meeting-events); `pollMs` refreshes it when the socket is away.
 */
export const useMeeting = (peerId: number, pollMs: number | false) =>
  useQuery({ ...getMeetingQueryOptions(peerId), refetchInterval: pollMs, refetchIntervalInBackground: false });
