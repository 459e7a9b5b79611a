import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { CachedRead } from '../routes/route';
import { cachedPaths } from '../routes/match';
import { requiredEnv } from '../shared/config';
import { logger } from '../shared/logger';

const distributionId = requiredEnv('EDGE_DISTRIBUTION_ID');
const cloudFront = new CloudFrontClient({});

/** What an admin write does after it succeeded: invalidate the edge paths of the reads it changed. */
export interface EdgeInvalidation {
  reads: readonly CachedRead[];
  /** Invalidates `changed` (those of `reads` a write changed), or all of `reads`. */
  run(changed?: readonly CachedRead[]): Promise<void>;
}

/**
 * The route option of an admin write that changes cached public reads (its row's `invalidates`):
 * `adminRoute({ body, ...invalidating('banners') }, …)`. Only these handlers carry the CloudFront client.
 */
export function invalidating(...reads: CachedRead[]): { invalidates: EdgeInvalidation } {
  return { invalidates: { reads, run: (changed) => invalidate(changed ? reads.filter((read) => changed.includes(read)) : reads) } };
}

/**
 * One invalidation of every path of the reads (wildcards, so query strings and ids go too). The
 * write is already committed: a failed invalidation is logged, and the edit shows when the
 * cached copy expires (its s-maxage: five minutes, half a minute for vouchers) instead of at once.
 */
async function invalidate(reads: readonly CachedRead[]): Promise<void> {
  const paths = [...new Set(reads.flatMap(cachedPaths))];
  if (paths.length === 0) return;
  try {
    await cloudFront.send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
  } catch (error) {
    logger.error('edge cache not invalidated: the edit shows when the cached copy expires', { paths, error: error as Error });
  }
}
