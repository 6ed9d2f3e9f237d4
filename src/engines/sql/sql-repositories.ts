/** The repositories written once (this folder), over one engine's `Sql`: what both stores hand out alike. */
import type { Store } from '../../store/store';
import { SqlBatchRepository } from './batch-repository';
import { SqlDeliveryRepository } from './delivery-repository';
import { SqlDiscussionRepository } from './discussion-repository';
import { SqlInstallationRepository } from './installation-repository';
import { SqlRankingRepository } from './ranking-repository';
import { SqlSourceLogRepository } from './source-log-repository';
import type { Sql } from './sql';
import { SqlSubscriptionRepository } from './subscription-repository';

export type SqlRepositories = Pick<
  Store,
  'batches' | 'subscriptions' | 'deliveries' | 'discussion' | 'sourceLog' | 'ranking' | 'installations'
>;

export const sqlRepositories = (sql: Sql): SqlRepositories => ({
  batches: new SqlBatchRepository(sql),
  subscriptions: new SqlSubscriptionRepository(sql),
  deliveries: new SqlDeliveryRepository(sql),
  discussion: new SqlDiscussionRepository(sql),
  sourceLog: new SqlSourceLogRepository(sql),
  ranking: new SqlRankingRepository(sql),
  installations: new SqlInstallationRepository(sql),
});
