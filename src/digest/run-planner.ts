/**
 * Plans a channel's digest run: which papers it will post, in what order, recorded with the run in one
 * write before anything is sent (the crash-safe order starts here). The channel's source plans it (a
 * daily run covers every batch since the channel's last one; a trending run the top of the trending list
 * the channel has not had).
 */

import type { TeamRanking } from '../ranking/team-ranking';
import type { DigestRun } from '../records/delivery';
import type { Subscription } from '../records/subscription';
import type { Store } from '../store/store';
import type { DigestInputs } from './digest-inputs';
import { digestSourceOf } from './sources/registry';

export interface RunPlanner {
  /** Records the run and its whole plan at once; null when there is nothing to plan from yet. */
  planRun(
    subscription: Subscription,
    localDate: string,
    inputs: DigestInputs,
    now: Date,
  ): Promise<DigestRun | null>;
}

export function createRunPlanner(deps: { store: Store; ranking: TeamRanking }): RunPlanner {
  return {
    async planRun(subscription, localDate, inputs, now) {
      if (!inputs.has(subscription.source)) return null;
      const source = digestSourceOf(subscription.source);
      return await source.plan(deps, subscription, localDate, inputs.get(subscription.source), now);
    },
  };
}
