/**
 * The functions with no route (scheduled, fed by the table's stream, or by the alarm topic), each
 * granted like a row: the CDK app and the local stack loop over these as over the route table.
 */
import type { Route } from './route';

/**
 * Which new items feed a stream consumer, as a Lambda event filter pattern on the item's new image
 * (DynamoDB's typed form; each leaf lists the values it accepts): the event source mapping filters
 * by it in the cloud, and the local stack's stream poller by the same pattern.
 */
export interface NewImagePattern {
  [attribute: string]: { S: readonly string[] } | { M: NewImagePattern };
}

/** The whole filter pattern of a stream consumer's event source: new items (INSERT) whose image matches. */
export const streamFeedPattern = (newImage: NewImagePattern) => ({ eventName: ['INSERT'], dynamodb: { NewImage: newImage } });

/**
 * The scheduled payments reconciler: no route, but granted like a row (the table writes of
 * settling and cancelling, the gateway key), in the cloud and on the local stack alike.
 */
export const reconcilerJob = {
  /** Relative to functions/, exporting `handler`. */
  module: 'payments/jobs/reconcile-payments.ts',
  writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
  gateway: true,
} as const satisfies Pick<Route, 'writes' | 'gateway'> & { module: string };

/**
 * What a function that calls the supplier's API is: one of the delivery functions, whose calls
 * leave from the stage's fixed outbound address where the stage has one (a small VPC with a NAT
 * gateway and an Elastic IP, infra/constructs/supplier-egress.ts), so that the supplier can
 * whitelist it. No other function calls the supplier.
 */
export interface CallsSupplier {
  supplier: true;
  egress: true;
}

/**
 * The scheduled delivery job: starts automatic deliveries whose dispatch never happened, asks the
 * supplier about those sent or lost (claiming codes, completing, refunding, pausing plans), and
 * reads the suppliers' balances for the console.
 */
export const deliveryJob = {
  module: 'orders/jobs/advance-deliveries.ts',
  writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
  supplier: true,
  egress: true,
} as const satisfies Pick<Route, 'writes'> & CallsSupplier & { module: string };

/**
 * The delivery dispatcher: not scheduled but fed by the table's stream (new orders whose supplier
 * top-up is queued), it sends each once, from the stage's fixed address: the order (UpdateItem),
 * a failure's refund to the wallet (UpdateItem, PutItem), a paused plan and the operators' alerts (PutItem).
 */
export const deliveryDispatcher = {
  module: 'orders/jobs/dispatch-deliveries.ts',
  writes: ['PutItem', 'UpdateItem'],
  supplier: true,
  egress: true,
  newImage: { entity: { S: ['PlanOrder'] }, delivery: { M: { mode: { S: ['supplier'] }, state: { S: ['queued'] } } } },
} as const satisfies Pick<Route, 'writes'> & CallsSupplier & { module: string; newImage: NewImagePattern };

/**
 * The notifications outbox's consumer: not scheduled but fed by the table's stream (new
 * notifications and operator alerts); it claims each channel's send on the item (UpdateItem),
 * mails, pushes to the shopper's devices (forgetting those whose subscription ended: DeleteItem),
 * texts a guest's receipt through the SMS provider, and sends alerts with the operators' Telegram bot, whose token (TELEGRAM_SECRET_ID) no other
 * function gets.
 */
export const outboxConsumer = {
  module: 'notifications/jobs/fan-out-notifications.ts',
  writes: ['UpdateItem', 'DeleteItem'],
  mail: true,
  /** Signs the mails' one-click unsubscribe links. */
  secret: true,
  push: true,
  /** Texts a guest who gave a mobile number their receipt. */
  sms: true,
  telegram: true,
  newImage: { entity: { S: ['Notification', 'Alert'] } },
} as const satisfies Pick<Route, 'writes' | 'mail' | 'secret' | 'push' | 'sms'> & {
  module: string;
  telegram: true;
  newImage: NewImagePattern;
};

/**
 * The reports' consumer (decision 0023): fed the table's stream of new report events, it marks each
 * applied on its own item and adds it to the day's aggregates (UpdateItem only).
 */
export const reportsConsumer = {
  module: 'reports/jobs/sum-report-events.ts',
  writes: ['UpdateItem'],
  /** How long a batch waits to fill (the event source's window; the local poller reads as often), so that a busy day's events share their writes. */
  batchWindowSeconds: 5,
  newImage: { entity: { S: ['ReportEvent'] } },
} as const satisfies Pick<Route, 'writes'> & { module: string; newImage: NewImagePattern; batchWindowSeconds: number };

/**
 * The alarms' relay: subscribed to the stage's alarm topic (SNS), it writes each alarm as an
 * operator alert (PutItem, conditioned on the alert being new) for the outbox to carry to Telegram.
 */
export const alarmRelay = {
  module: 'notifications/jobs/relay-alarms.ts',
  writes: ['PutItem'],
} as const satisfies Pick<Route, 'writes'> & { module: string };

/** The scheduled jobs, each granted like a row. */
export const jobs = [reconcilerJob, deliveryJob] as const;

/** The functions the table's stream feeds (each its own event source mapping, filtered to its records). */
export const streamConsumers = [outboxConsumer, deliveryDispatcher, reportsConsumer] as const;

/** The functions that call the supplier's API, and so leave from the stage's fixed outbound address. */
export const supplierCallers = [deliveryJob, deliveryDispatcher] as const;
