/**
 * The one DynamoDB table, as data. CDK builds the cloud table from it, the local stack and the
 * tests create DynamoDB Local's table from it. Keys and access patterns: docs/data-layer.md.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  timeToLiveAttribute: 'expiresAt',
  /** Item changes stream out as new images: the notifications outbox's consumer reads them. */
  stream: 'NEW_IMAGE',
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['indexName'];
