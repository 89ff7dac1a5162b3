import type { LiveEvent } from '@breakshot/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent, useCatchUpWithLive } from '../../../lib/use-live';
import { trackerKey, trackerQuery } from './api';
import { MAX_VISITS, withVisits, type TrackerView, type Visit } from './state';

type MatchUpdated = Extract<LiveEvent, { type: 'MATCH_UPDATED' }>;

/**
 * The tracker's history of match `matchId`, kept current without polling:
 * - each MATCH_UPDATED of the match adds its visit (once, by sequence number) to the cached answer;
 *   a visit told while an answer is on its way is added once that answer is in;
 * - the frames played change only when the score does: `score` (the match page's, itself kept by
 *   MATCH_UPDATED or its own polling while the live connection is down) moving reads the history
 *   again, once per frame; moving while an answer is on its way, once more after it;
 * - the live connection opening again (after a drop, or first opening after the history was read)
 *   reads it again: what was told meanwhile never came.
 */
export function useTracker(matchId: number, score: { a: number; b: number }) {
  const queryClient = useQueryClient();
  const key = trackerKey(matchId);
  const q = useQuery(trackerQuery(matchId));
  const pending = useRef<Visit[]>([]);
  const again = useRef(false);

  const busy = () => queryClient.getQueryData(key) === undefined || queryClient.isFetching({ queryKey: key }) > 0;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

  useLiveEvent<MatchUpdated>('MATCH_UPDATED', (ev) => {
    if (ev.matchId !== matchId || !ev.visit) return;
    if (busy()) {
      pending.current = [...pending.current, ev.visit].slice(-MAX_VISITS);
      return;
    }
    const visit = ev.visit;
    queryClient.setQueryData<TrackerView>(key, (view) => view && withVisits(view, [visit]));
  });

  // The score moved: a frame ended (or the match did), so the frames played changed.
  const scoreKey = `${score.a}:${score.b}`;
  const lastScore = useRef(scoreKey);
  useEffect(() => {
    if (lastScore.current === scoreKey) return;
    lastScore.current = scoreKey;
    if (busy()) again.current = true;
    else refetch();
  });

  // An answer is in: the visits told while it was on its way, and the read a frame's end asked for.
  const fetching = q.isFetching;
  useEffect(() => {
    if (fetching || q.data === undefined) return;
    if (pending.current.length > 0) {
      const add = pending.current;
      pending.current = [];
      queryClient.setQueryData<TrackerView>(key, (view) => view && withVisits(view, add));
    }
    if (again.current) {
      again.current = false;
      refetch();
    }
  });

  // Read before the live connection last opened: news may have been missed meanwhile.
  useCatchUpWithLive(q.dataUpdatedAt, () => {
    if (busy()) again.current = true;
    else refetch();
  });

  return q;
}
