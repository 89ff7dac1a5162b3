import { taiqiu as routes } from '@breakshot/client/routes';
import type { taiqiu } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './http';
import { USER_QUERY_KEY } from './query-client';

/*
 * The player's price-change preference for in-play bets (docs/design.md §9): what a pending bet
 * takes when its odds move before it is decided. Read and set by the bet slip and /user/setting.
 */

export type OddsChange = taiqiu.OddsChange;
export const ODDS_CHANGES: readonly OddsChange[] = ['none', 'better', 'any'];

const preferencesRoute = routes.preferences;
const preferencesSetRoute = routes.preferencesSet;

/** Starts with 'user': logout drops it. */
export const BET_PREFERENCES_KEY = [USER_QUERY_KEY, 'taiqiu', 'preferences'] as const;

type Preferences = { oddsChange: OddsChange };

/** The preference as saved (the default is none). */
export const useBetPreferences = (enabled = true) =>
  useQuery({
    queryKey: BET_PREFERENCES_KEY,
    queryFn: () => call(preferencesRoute, {}),
    staleTime: 5 * 60_000,
    enabled,
  });

/**
 * Saves the preference, shown at once: a failure puts the one before back, then `onFailed` says
 * why. Returns the mutation; `mutate(value)` saves.
 */
export function useSetOddsChange(onFailed: (err: unknown) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: BET_PREFERENCES_KEY,
    mutationFn: (oddsChange: OddsChange) => call(preferencesSetRoute, { oddsChange }),
    onMutate: async (oddsChange) => {
      await qc.cancelQueries({ queryKey: BET_PREFERENCES_KEY });
      const before = qc.getQueryData<Preferences>(BET_PREFERENCES_KEY);
      qc.setQueryData<Preferences>(BET_PREFERENCES_KEY, { oddsChange });
      return { before };
    },
    onError: (err, oddsChange, context) => {
      // Put back what was before, unless the player has chosen again since.
      const shown = qc.getQueryData<Preferences>(BET_PREFERENCES_KEY)?.oddsChange;
      if (context?.before && shown === oddsChange) qc.setQueryData(BET_PREFERENCES_KEY, context.before);
      onFailed(err);
    },
    // The last change settled: read the saved one (a refresh during the change may have shown an older one).
    onSettled: () => {
      if (qc.isMutating({ mutationKey: BET_PREFERENCES_KEY }) === 1) {
        void qc.invalidateQueries({ queryKey: BET_PREFERENCES_KEY });
      }
    },
  });
}
