import { feedback, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export const feedbackKeys = { mine: ['user', 'feedback'] as const };

export type FeedbackItem = feedback.FeedbackItem;

/** One page of the player's own feedback, newest first, with the answers. */
export const fetchMyFeedback = (page: number, pageSize: number) => call(feedback.suggestionList, { page, pageSize });

export function useSubmitFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof feedback.userSuggestion>) => call(feedback.userSuggestion, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedbackKeys.mine }),
  });
}
